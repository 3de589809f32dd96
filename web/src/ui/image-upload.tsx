import { CameraOutlined } from '@ant-design/icons';
import { message, Progress, Spin } from 'antd';
import { IMAGE_MAX_BYTES } from '@tamaq/contract/constants';
import { useEffect, useRef, useState, type ChangeEvent, type CSSProperties } from 'react';
import { ui } from '../i18n/ru-ui.ts';
import { errorText } from '../lib/api-error.ts';
import { isAbortError, matchesAccept, uploadFile } from '../lib/upload.ts';

export interface UploadedImage {
  id: number;
  url: string;
}

export interface ImageUploadProps {
  value?: UploadedImage | null;
  onChange?: (img: UploadedImage) => void;
  /** Side in px. */
  size?: number;
  shape?: 'circle' | 'square';
  disabled?: boolean;
  /** Set by Form.Item, so the field's label focuses the button. */
  id?: string;
  /** Upload endpoint; the default stores a new image. */
  uploadUrl?: string;
}

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
// Some systems report no MIME type for a picked file; its extension then decides.
const IMAGE_CHECK = `${IMAGE_ACCEPT},.jpg,.jpeg,.png,.webp`;

/**
 * A photo that uploads a new one when clicked (or Enter/Space on it), for a person's or a dish's
 * form. Works as a Form.Item child: `value` is `{id, url}`, `onChange` receives the uploaded one.
 */
export function ImageUpload({
  value,
  onChange,
  size = 96,
  shape = 'circle',
  disabled,
  id,
  uploadUrl = '/api/image/upload',
}: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after a failure
    if (!file) return;
    const refusal = !matchesAccept(file, IMAGE_CHECK)
      ? ui.upload.imageWrongType
      : file.size > IMAGE_MAX_BYTES
        ? ui.upload.imageTooBig
        : null;
    if (refusal) {
      void message.error(refusal);
      return;
    }
    abort.current = new AbortController();
    setPercent(0);
    try {
      const img = await uploadFile<UploadedImage>(uploadUrl, file, {
        field: 'image',
        onProgress: setPercent,
        signal: abort.current.signal,
      });
      onChange?.(img);
    } catch (err) {
      if (!isAbortError(err)) void message.error(errorText(err));
    } finally {
      setPercent(null);
    }
  };

  const busy = percent !== null;
  const label = value?.url ? ui.upload.changePhoto : ui.upload.choosePhoto;
  const box: CSSProperties = {
    width: size,
    height: size,
    padding: 0,
    position: 'relative',
    overflow: 'hidden',
    borderRadius: shape === 'circle' ? '50%' : 8,
    border: '1px dashed #bfbfbf',
    background: '#fafafa',
    cursor: disabled || busy ? 'default' : 'pointer',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
  };
  return (
    <>
      <button
        type="button"
        id={id}
        style={box}
        aria-label={label}
        title={label}
        aria-busy={busy}
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
      >
        {value?.url ? (
          <img src={value.url} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <CameraOutlined style={{ fontSize: size / 3, color: '#8c8c8c' }} />
        )}
        {busy && (
          <span
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: 'rgba(255,255,255,0.8)',
            }}
          >
            {percent > 0 && percent < 100 ? (
              <Progress type="circle" percent={percent} size={Math.round(size * 0.7)} aria-label={ui.loading} />
            ) : (
              <Spin />
            )}
          </span>
        )}
      </button>
      <input ref={input} type="file" accept={IMAGE_ACCEPT} hidden onChange={onFile} data-testid="image-upload-input" />
    </>
  );
}
