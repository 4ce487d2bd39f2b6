/**
 * What ties the log lines of one request to those of the events it caused: an API Gateway request
 * id (base64-ish for HTTP APIs, a UUID locally), an EventBridge event id, or a caller's own id of
 * that shape. Short and of a small alphabet, so a client's header cannot smuggle text (or personal
 * data) into every log line downstream. A module of its own, without zod, so that the functions'
 * logging does not bundle the event contracts.
 */
export const CORRELATION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9+/=_.:-]{7,63}$/;
