import { ApiError } from './api.ts';

export interface UploadedImage {
  image: string;
  imageUrl: string;
}

/**
 * POST /api/card/upload through XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` receives 0..1 (1 once every byte is sent: the server then decodes the photo);
 * aborting rejects with an AbortError.
 */
export function uploadImage(
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  name?: string,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/card/upload');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    // Every byte is sent (a small file may send no progress event before this): the server works on it now.
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      const body = xhr.response as { image?: unknown; imageUrl?: unknown; message?: unknown; code?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body.image === 'string') {
        onProgress(1);
        resolve({
          image: body.image,
          imageUrl: typeof body.imageUrl === 'string' ? body.imageUrl : `/uploads/${body.image}`,
        });
      } else {
        reject(new ApiError(xhr.status, body ?? undefined));
      }
    };
    xhr.onerror = () => reject(new ApiError(0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    if (name === undefined) form.append('image', file);
    else form.append('image', file, name);
    xhr.send(form);
  });
}
