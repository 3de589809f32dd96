import { endpointPath } from '../../../lib/endpoint-client.ts';

/** The classes' links the browser downloads by itself, given `href` of useDownloadHref (lib/download.ts). */
type Href = (path: string, query?: Record<string, number>) => string | null;

export const classroomsExportHref = (href: Href, schoolId: number) =>
  href(endpointPath('classrooms', 'download'), { schoolId });
export const classroomsTemplateHref = (href: Href) => href(endpointPath('classrooms', 'template'));
