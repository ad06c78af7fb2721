/** append-field (multer's own helper): sets `name` on `store` the way HTML forms nest names (`a[]`, `a[b]`). */
declare module 'append-field' {
  function appendField(store: Record<string, unknown>, name: string, value: unknown): void;
  export = appendField;
}
