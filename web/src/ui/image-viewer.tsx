import { EyeOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Image } from 'antd';
import { i18n } from '../i18n/texts.ts';

export interface ThumbProps {
  url?: string | null;
  /** Side in px; the spec caps pupil thumbnails at 100. */
  size?: number;
  alt?: string;
  shape?: 'circle' | 'square';
}

/**
 * A small photo in a table row that opens enlarged on click (Esc closes it), so a cashier can
 * check a face against the person at the counter. Without a photo, a neutral placeholder.
 */
export function Thumb({ url, size = 40, alt = i18n.ui.thumb.photo, shape = 'square' }: ThumbProps) {
  const radius = shape === 'circle' ? '50%' : 4;
  if (!url) {
    return (
      <span role="img" aria-label={i18n.ui.thumb.noPhoto} title={i18n.ui.thumb.noPhoto}>
        <Avatar size={size} shape={shape} icon={<UserOutlined />} />
      </span>
    );
  }
  return (
    <Image
      src={url}
      alt={alt}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: radius }}
      preview={{ cover: <EyeOutlined aria-hidden /> }}
    />
  );
}
