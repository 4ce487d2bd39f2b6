export { LOCAL_CHAT_MODEL_ID, startBedrockStandIn, type BedrockStandIn, type BedrockStandInOptions } from './stand-in';
export { measurementIn, priceLimitIn } from './measurements';
export { understand, type Understanding } from './understand';
