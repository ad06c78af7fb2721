/** Small inline icons of the admin screens (decorative: the buttons carry the names). */
const svg = (d: string) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d={d} />
  </svg>
);

export const EditIcon = () => svg('M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zM20.7 7.04a1 1 0 0 0 0-1.41l-2.33-2.33a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.82-1.84z');
export const DeleteIcon = () => svg('M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z');
export const UpIcon = () => svg('M7.4 15.4 12 10.8l4.6 4.6L18 14l-6-6-6 6z');
export const DownIcon = () => svg('M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z');
export const CloseIcon = () => svg('M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z');
