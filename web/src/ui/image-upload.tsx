import { CameraOutlined } from '@ant-design/icons';
import { Progress, Spin } from 'antd';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX } from '@tamaq/contract/constants';
import type { Image } from '@tamaq/contract/profile';
import type { CSSProperties } from 'react';
import { i18n } from '../i18n/texts.ts';
import { shrinkImage } from '../lib/shrink-image.ts';
import { matchesAccept } from '../lib/upload.ts';
import { useFileUpload } from './use-file-upload.ts';
import { endpointPath } from '../lib/endpoint-client.ts';

/** The contract's image, under the name the upload fields have always used. */
export type UploadedImage = Image;

export interface ImageUploadProps {
  value?: Image | null;
  onChange?: (img: Image) => void;
  /** Side in px. */
  size?: number;
  shape?: 'circle' | 'square';
  disabled?: boolean;
  /** Set by Form.Item, so the field's label focuses the button. */
  id?: string;
}

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
/** A photo scaled in the browser keeps twice the side the server keeps: its own resize then has room. */
const SHRINK_TO_PX = 2 * IMAGE_MAX_SIDE_PX;
// Some systems report no MIME type for a picked file; its extension then decides.
const IMAGE_CHECK = `${IMAGE_ACCEPT},.jpg,.jpeg,.png,.webp`;

/**
 * A photo that uploads a new one when clicked (or Enter/Space on it), for a person's or a dish's
 * form. Works as a Form.Item child: `value` is `{id, url}`, `onChange` receives the uploaded one.
 */
export function ImageUpload({ value, onChange, size = 96, shape = 'circle', disabled, id }: ImageUploadProps) {
  const { input, percent, busy, onFile, choose } = useFileUpload<Image>({
    url: endpointPath('images', 'upload'),
    field: 'image',
    onDone: (img) => onChange?.(img),
    refuse: (file) => (!matchesAccept(file, IMAGE_CHECK) ? i18n.ui.upload.imageWrongType : null),
    // A photo over the server's limit (a phone's) is scaled down here; only one that cannot be read
    // as an image, or that stays too big, is refused.
    prepare: async (file) => {
      if (file.size <= IMAGE_MAX_BYTES) return file;
      const small = await shrinkImage(file, SHRINK_TO_PX);
      if (!small) return { refused: i18n.ui.upload.imageUnreadable };
      return small.size > IMAGE_MAX_BYTES ? { refused: i18n.ui.upload.imageTooBig } : small;
    },
  });
  const label = value?.url ? i18n.ui.upload.changePhoto : i18n.ui.upload.choosePhoto;
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
        onClick={choose}
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
            {percent !== null && percent > 0 && percent < 100 ? (
              <Progress type="circle" percent={percent} size={Math.round(size * 0.7)} aria-label={i18n.ui.loading} />
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
