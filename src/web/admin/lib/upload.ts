import { ApiError } from './api.ts';

export interface UploadedImage { image: string; imageUrl: string }

/**
 * POST /api/card/upload through XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` receives 0..1; aborting rejects with an AbortError.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/card/upload');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { image?: unknown; imageUrl?: unknown; message?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body.image === 'string') {
        onProgress(1);
        resolve({ image: body.image, imageUrl: typeof body.imageUrl === 'string' ? body.imageUrl : `/uploads/${body.image}` });
      } else {
        reject(new ApiError(xhr.status, typeof body?.message === 'string' ? body.message : undefined));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
