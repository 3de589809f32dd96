/** The classes' links the browser downloads by itself, given `href` of useDownloadHref (lib/download.ts). */
type Href = (path: string, query?: Record<string, number>) => string | null;

export const classroomsExportHref = (href: Href, schoolId: number) => href('/api/classrooms/download', { schoolId });
export const classroomsTemplateHref = (href: Href) => href('/api/classrooms/template');
