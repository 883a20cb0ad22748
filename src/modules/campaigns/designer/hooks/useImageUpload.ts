import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadedImage } from '../../../../../domain/publishAnswers.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '../../../../../domain/publishSchemas.ts';
import type { PublishApi } from '../../../../api/publishApi.ts';

export type ImageUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; share: number }
  | { status: 'failed'; message: string };

export const UPLOAD_WRONG_TYPE = 'Choose a PNG, JPEG, GIF or WebP image.';
export const UPLOAD_TOO_LARGE = 'That image is larger than 5 MB: choose a smaller one.';

/** What is wrong with a file before it is sent, or null (the server checks its bytes again). */
export function uploadProblem(file: File): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return UPLOAD_WRONG_TYPE;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TOO_LARGE;
  return null;
}

/**
 * One image upload at a time (upload_image/): the file is checked first (type, 5 MB), then sent with its
 * progress (the share sent); `onUploaded` gets the stored image. A new file or Cancel stops the one in
 * flight; leaving stops it too. A refusal or a failure is kept as a message until the next try.
 */
export function useImageUpload(
  api: Pick<PublishApi, 'uploadImage'>,
  onUploaded: (image: UploadedImage, file: File) => void,
): { state: ImageUploadState; start: (file: File) => void; cancel: () => void } {
  const [state, setState] = useState<ImageUploadState>({ status: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  const cancel = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    setState({ status: 'idle' });
  }, []);
  useEffect(() => () => inFlight.current?.abort(), []);
  const start = useCallback(
    (file: File) => {
      inFlight.current?.abort();
      const problem = uploadProblem(file);
      if (problem) {
        inFlight.current = null;
        setState({ status: 'failed', message: problem });
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ status: 'uploading', fileName: file.name, share: 0 });
      api
        .uploadImage(file, {
          signal: controller.signal,
          onProgress: (share) => {
            if (inFlight.current === controller)
              setState({ status: 'uploading', fileName: file.name, share });
          },
        })
        .then(
          (image) => {
            if (inFlight.current !== controller) return;
            inFlight.current = null;
            setState({ status: 'idle' });
            onUploadedRef.current(image, file);
          },
          (error: unknown) => {
            if (inFlight.current !== controller) return;
            inFlight.current = null;
            setState({
              status: 'failed',
              message: error instanceof Error ? error.message : 'The image could not be uploaded.',
            });
          },
        );
    },
    [api],
  );
  return { state, start, cancel };
}
