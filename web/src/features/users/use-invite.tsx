import { useState } from 'react';
import { InviteParentModal } from '../../ui/invite-parent-modal.tsx';

/** The parent-invitation modal of a list: `open(row)` shows it for that pupil. */
export function useInvite() {
  const [pupil, setPupil] = useState<{ id: number; name: string } | null>(null);
  const modal = pupil ? (
    <InviteParentModal userId={pupil.id} userName={pupil.name} open onClose={() => setPupil(null)} />
  ) : null;
  return { open: (row: { id: number; name: string }) => setPupil({ id: row.id, name: row.name }), modal };
}
