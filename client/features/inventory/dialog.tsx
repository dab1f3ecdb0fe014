import type { ReactNode } from 'react';
import { Modal } from '../../components/modal.js';

type DialogProps = { title: string; onClose: () => void; children: ReactNode; wide?: boolean };

/** An always-open modal: these screens mount it to open and unmount it to close. */
export function Dialog({ title, onClose, children }: DialogProps) {
  return (
    <Modal open title={title} onClose={onClose}>
      {children}
    </Modal>
  );
}
