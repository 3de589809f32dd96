import { Link } from 'react-router';
import type { LinkComponent } from '../../ui/link-type.tsx';

/** The router's link, for the frame's parts inside the staff app (the brand, the footer). */
export const RouterLink: LinkComponent = Link;
