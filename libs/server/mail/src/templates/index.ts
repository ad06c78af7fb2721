// Mail templates, one file per mail (activation, password reset, e-mail changed).
export {};
