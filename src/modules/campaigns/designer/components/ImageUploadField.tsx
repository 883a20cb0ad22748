import { useId, useState } from 'react';
import type { UploadedImage } from '../../../../../domain/publishAnswers.ts';
import { Button } from '../../../../ui/Button.tsx';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useImageUpload } from '../hooks/useImageUpload.ts';

/**
 * An image block's upload: a file chosen with the picker or dropped on the area; while it is sent, its
 * progress and Cancel; a refusal or failure as a message. The uploaded image's address (and its width,
 * and alt text from the file name when there is none) is set as one change, undone in one step.
 */
export function ImageUploadField({ onUploaded }: { onUploaded: (image: UploadedImage, file: File) => void }) {
  const { publishApi } = useServices();
  const id = useId();
  const { state, start, cancel } = useImageUpload(publishApi, onUploaded);
  const [over, setOver] = useState(false);
  const percent = state.status === 'uploading' ? Math.round(state.share * 100) : 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the picker does the same
    <div
      className={`designer-upload${over ? ' designer-upload--over' : ''}`}
      data-testid="image-drop"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        const file = event.dataTransfer.files[0];
        setOver(false);
        if (!file) return;
        event.preventDefault();
        start(file);
      }}
    >
      {state.status === 'uploading' ? (
        <div className="designer-upload__progress">
          <label htmlFor={`${id}-progress`}>Uploading {state.fileName}…</label>
          <progress id={`${id}-progress`} max={100} value={percent} aria-valuetext={`${percent}%`} />
          <span aria-hidden="true">{percent}%</span>
          <Button size="sm" variant="ghost" onClick={cancel}>
            Cancel
          </Button>
        </div>
      ) : (
        <>
          <p className="designer-upload__lead">Drop an image here, or</p>
          <label htmlFor={`${id}-file`} className={buttonClassName('secondary', 'sm')}>
            Choose an image
          </label>
          <input
            id={`${id}-file`}
            className="ui-visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) start(file);
            }}
          />
          <p className="designer-muted">PNG, JPEG, GIF or WebP, up to 5 MB.</p>
        </>
      )}
      {state.status === 'failed' ? (
        <p className="designer-field__error" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
