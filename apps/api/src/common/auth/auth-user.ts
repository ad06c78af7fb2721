/** The authenticated caller, as guards hand it to controllers. */
export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
}
