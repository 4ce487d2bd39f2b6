import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_UPLOAD_TYPES, MAX_IMAGE_UPLOAD_BYTES } from '@linea/shared/contracts/uploads';
import { getUpload, sendToBucket, startUpload } from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';

/** How often, and how long, the form asks whether an upload's sizes are ready. */
const POLL_INTERVAL_MS = 700;
const POLL_TIMEOUT_MS = 60_000;

type UploadStatus = 'uploading' | 'processing' | 'done' | 'error';
interface UploadLine {
  readonly key: string;
  readonly status: UploadStatus;
  readonly message: string;
}

const ACCEPTED: readonly string[] = IMAGE_UPLOAD_TYPES;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export interface ImageUploadsProps {
  /** Called with the URL the product stores, once the photo's sizes exist. */
  onUploaded: (imageUrl: string) => void;
  /** How many photos are still on their way (the form waits with saving until none is). */
  onPendingChange: (pending: number) => void;
}

/**
 * The product form's file picker: each photo goes from the browser straight to the bucket
 * (presigned POST), then the form waits until the shop has made its web sizes and adds the
 * photo to the images, in the order the files were picked. Every step is announced.
 */
export function ImageUploads({ onUploaded, onPendingChange }: ImageUploadsProps) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const inputId = useId();
  const hintId = useId();
  const [lines, setLines] = useState<UploadLine[]>([]);
  const pending = useRef(0);
  const controller = useRef(new AbortController());
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const set = (key: string, status: UploadStatus, message: string) =>
    setLines((current) => {
      const line = { key, status, message };
      return current.some((other) => other.key === key)
        ? current.map((other) => (other.key === key ? line : other))
        : [...current, line];
    });

  async function uploadOne(file: File, key: string, signal: AbortSignal): Promise<void> {
    const name = file.name;
    if (!ACCEPTED.includes(file.type)) return set(key, 'error', t('products.form.uploadWrongType', { name }));
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) return set(key, 'error', t('products.form.uploadTooLarge', { name }));
    if (file.size === 0) return set(key, 'error', t('products.form.uploadUnreadable', { name }));
    try {
      set(key, 'uploading', t('products.form.uploading', { name }));
      const upload = await startUpload(file);
      await sendToBucket(upload.post, file, signal);
      set(key, 'processing', t('products.form.processing', { name }));
      const deadline = Date.now() + POLL_TIMEOUT_MS;
      while (Date.now() < deadline) {
        await wait(POLL_INTERVAL_MS, signal);
        const state = await getUpload(upload.id, signal);
        if (state.status === 'ready' && state.imageUrl) {
          onUploaded(state.imageUrl);
          return set(key, 'done', t('products.form.uploaded', { name }));
        }
        if (state.status === 'failed') return set(key, 'error', t('products.form.uploadUnreadable', { name }));
      }
      set(key, 'error', t('products.form.uploadFailed', { name }));
    } catch {
      if (!signal.aborted) set(key, 'error', t('products.form.uploadFailed', { name }));
    }
  }

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared, so picking the same file again after an error starts it again.
    event.target.value = '';
    if (!files.length) return;
    const batch = Date.now();
    pending.current += files.length;
    onPendingChange(pending.current);
    // One after the other: the images keep the order the files were picked in.
    for (const [index, file] of files.entries()) {
      await uploadOne(file, `${batch}-${index}`, controller.current.signal);
      pending.current -= 1;
      if (!controller.current.signal.aborted) onPendingChange(pending.current);
    }
  }

  return (
    <div className="admin-image-uploads">
      <label htmlFor={inputId} className="admin-upload-label">
        {t('products.form.upload')}
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        aria-describedby={hintId}
        onChange={(event) => void onChange(event)}
      />
      <p id={hintId} className="admin-muted">
        {t('products.form.uploadHint')}
      </p>
      <ul className="admin-upload-status" aria-live="polite">
        {lines.map((line) => (
          <li key={line.key} data-status={line.status}>
            {line.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
