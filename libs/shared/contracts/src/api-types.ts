/**
 * Request and response shapes of the call table (docs/product/api.md).
 * Field names keep the spec's spelling (`activity_area`, `favorites`) on purpose.
 */
import type { Difficulty, ListingSort, NewsletterSource } from './catalogue';

// ---------- Shared error bodies ----------
export interface MessageBody { message: string }
export type FieldErrors = Record<string, string[]>;
export interface ErrorsBody { errors: FieldErrors | { detail: string } | string[] }
export interface LoginErrorBody { error: string }

// ---------- Accounts ----------
export interface ActivityArea { id: number; name: string }
export interface ActivitiesResponse { activities: ActivityArea[] }

export interface UserData {
  firstName: string;
  lastName: string;
  email: string;
  job: string | null;
  /** On when the address is subscribed or waiting for its confirmation (docs/product/rules.md#R456). */
  newsletter: boolean;
  newsletterStatus: 'pending' | 'subscribed' | 'unsubscribed' | 'none';
  activity_area: ActivityArea | null;
  isAdmin: boolean;
  /** The address an e-mail change waits to prove, or null (docs/product/rules.md#R762). */
  pendingEmail: string | null;
}
export interface UserShowResponse { userData: UserData }

export interface LoginRequest { username: string; password: string }
/** Success carries user and token; an account not yet activated gets only a message. */
export type LoginResponse = { user: string; token: string } | { message: string };
/** 401 of a login refused past the account's ceiling: the page offers a login link (docs/product/rules.md#R769). */
export interface LoginRefusal { error: string; loginLink?: boolean }

export interface SignupRequest {
  lastName: string;
  firstName: string;
  mail: string;
  password: string;
  passwordConfirm: string;
  job?: string;
  /** An activity area id, or 'null' for the synthetic 'Aucun' option. */
  activityArea?: string | number | null;
  /** 0 or 1. */
  newsletter?: string | number | boolean;
  /** The signed attribution of the partner whose link brought the visitor (docs/product/rules.md#R997). */
  partenaire?: string;
}
export interface SignupResponse { url: string }

export interface UserUpdateRequest extends Omit<SignupRequest, 'password' | 'passwordConfirm'> {
  password?: string;
  passwordConfirm?: string;
  oldPassword?: string;
}
/** `userMail` is the address in force; `pendingEmail` the one a change waits to prove (docs/product/rules.md#R760). */
export interface UserUpdateResponse { message: string; userMail: string; pendingEmail?: string }
export interface EmailConfirmRequest { email: string; token: string }
/** `POST /api/user/email/confirm`: the address in force now; `ownSession` when the caller's session is that account's. */
export interface EmailChangeConfirmResponse { message: string; userMail: string; ownSession: boolean }
export interface UserDeleteRequest { oldPassword: string }
export interface UserDeleteResponse { success: boolean; message: string }

export interface EmailRequest { email: string }
export interface PasswordResetRequest { password: string; passwordConfirm: string; token: string; email: string }

/** `GET /api/user/confirm`: `alreadyActive` when the account was activated before (link opened again). */
export interface ConfirmAccountResponse { message: string; alreadyActive?: boolean }

// ---------- Site ----------
/** `GET /api/site`: the publisher's legal identity (configuration), for the legal pages and the footer. */
export interface SitePublisher {
  name: string;
  legalForm: string;
  shareCapital: string | null;
  siret: string;
  rcs: string | null;
  vatNumber: string | null;
  address: string;
  phone: string | null;
  email: string;
  director: string;
  hosting: { name: string; address: string; phone: string };
  social: { linkedin: string | null; instagram: string | null; facebook: string | null };
  /** Demonstration values (`npm start` without configuration); never in production. */
  demo: boolean;
}
/**
 * The retention periods housekeeping really applies, for the privacy page (docs/product/rules.md#R480):
 * configured ones come from the server's configuration.
 */
export interface SiteRetention {
  /** Download logs lose their user and address after this many months (DOWNLOAD_LOG_RETENTION_MONTHS). */
  downloadLogMonths: number;
  /** A sign-up never activated is deleted once its link of this many hours expired. */
  activationHours: number;
  /** A newsletter registration not confirmed within this many days is deleted. */
  newsletterConfirmationDays: number;
  /** The history of an unsubscribed address is deleted after this many years. */
  newsletterProofYears: number;
  /** A data export file is deleted after this many hours. */
  dataExportHours: number;
}
/** The licence of the tools (CATALOGUE_LICENCE_*, docs/product/rules.md#R990), shown on each sheet. */
export interface SiteLicence { name: string; url: string }
export interface SiteResponse { publisher: SitePublisher; retention: SiteRetention; licence: SiteLicence }

// ---------- Catalogue ----------
export interface NamedRef { id: number; name: string }
export interface DifficultyRef { id: Difficulty; name: Difficulty }
export interface FiltersResponse { categories: NamedRef[]; types: NamedRef[]; difficulties: DifficultyRef[] }

export interface ToolImage { id: string; src: string }

/** What the file is, from its stored MIME type (docs/product/rules.md#R630); null for none of these. */
export type ToolFileFormat = 'pdf' | 'excel' | 'word' | 'csv' | 'image';
/** What a download holds (docs/product/rules.md#R630–R632). */
export interface ToolDownloadFacts {
  format: ToolFileFormat | null;
  /** Bytes. */
  size: number;
  /** PDF and DOCX only; null when unknown. */
  pages: number | null;
  /** ISO 8601: the file was replaced after the tool was published; null otherwise. */
  updatedAt: string | null;
  /** The current version's number, from 1 (docs/product/rules.md#R900); always sent by the API. */
  version?: number;
  /** Its « Quoi de neuf ? »; null for a first version published without one (docs/product/rules.md#R901). */
  versionNote?: string | null;
}
/** The first page of a PDF as an image, sized in pixels (docs/product/rules.md#R636). */
export interface ToolPreview { src: string; width: number; height: number }
/** A failed criterion of the file's accessibility check, in plain French (docs/product/rules.md#R941). */
export interface AccessibilityIssue { label: string; reference: string; where: string[]; fix: string }
/**
 * The accessibility check of the tool's current file (docs/product/rules.md#R949): `accessible` when
 * every applicable criterion passed, `partial` with what failed.
 */
export interface ToolAccessibility {
  outcome: 'accessible' | 'partial';
  /** Criteria that applied to this file. */
  checked: number;
  /** ISO 8601. */
  checkedAt: string;
  issues: AccessibilityIssue[];
}

/** The accessibility statement's list (docs/product/rules.md#R948). */
export interface DocumentsAccessibilityResponse {
  /** Published documents whose current file was checked. */
  checked: number;
  /** ISO 8601: the last check of a published document; null before any. */
  lastCheckedAt: string | null;
  /** Documents whose file fails without an accessible alternative (docs/product/rules.md#R948). */
  nonConforming: Array<{ name: string; slug: string; checkedAt: string; issues: AccessibilityIssue[] }>;
  /**
   * Documents whose file fails but which offer an accessible version, their declared alternative
   * (RGAA 13.3, docs/product/rules.md#R948): conforming, named so the statement says where to find it.
   */
  accessibleVersions: Array<{ name: string; slug: string; format: ToolFileFormat | null }>;
}

export interface Tool {
  id: number;
  slug: string;
  name: string;
  description: string;
  goal: string | null;
  people: string | null;
  /** Estimated time in hours. */
  duration: number | null;
  type: NamedRef;
  category: NamedRef;
  difficulty: Difficulty | null;
  /** ISO 8601. */
  createdAt: string;
  /**
   * ISO 8601: since when the tool is public, or when it will be (scheduled); null for a draft
   * (docs/product/rules.md#R650). Public answers only hold tools already published.
   */
  publishedAt: string | null;
  isFavorite: boolean;
  images: ToolImage[];
  isFeatured: boolean;
  download: ToolDownloadFacts;
  /** Null until the worker rendered it, and for every file but a PDF. */
  preview: ToolPreview | null;
  /** Null until the worker checked the file, and for a format nothing is checked in (docs/product/rules.md#R949). */
  accessibility?: ToolAccessibility | null;
  /**
   * The declared accessible alternative as a visitor needs it (docs/product/rules.md#R945): its
   * format, bytes and own check; downloaded with `alternative=true`. Null when the tool has none.
   */
  alternative?: { format: ToolFileFormat | null; size: number; accessibility: ToolAccessibility | null } | null;
  /**
   * RGAA 13.3 (docs/product/rules.md#R947): the file or its declared alternative is accessible. The
   * card's badge, the library's filter and the statement read this, never the file's check alone.
   */
  documentAccessible?: boolean;
  /** Admin listing only (`max` given by an admin). */
  downloadCount?: number;
  /** The sheet read by an admin only: the current file (name given at upload, MIME type, bytes). */
  file?: {
    name: string; type: string; size: number;
    /** An image file's description (docs/product/rules.md#R942); null when none. */ alt?: string | null;
    /** The declared accessible alternative and its own check (docs/product/rules.md#R943, docs/product/rules.md#R947); null when none. */
    alternative?: { name: string; type: string; size: number; accessibility: ToolAccessibility | null } | null;
  };
}

export interface ToolsQuery {
  page?: number;
  categories?: number[];
  types?: number[];
  difficulties?: Difficulty[];
  onlyFavorites?: boolean;
  /** Only tools whose document conforms, its current file or its alternative accessible (docs/product/rules.md#R950). */
  accessibleOnly?: boolean;
  q?: string;
  sort?: ListingSort;
  max?: number;
}
/** How many tools each filter option would give (docs/product/rules.md#R606); an option not listed gives none. */
export interface FacetCount<Id = number> { id: Id; count: number }
/**
 * `accessible`: how many tools of the selection (search, favourites, the other filters; the
 * « Documents accessibles » filter itself left out) have an accessible document (docs/product/rules.md#R950).
 */
export interface ListingFacets { categories: FacetCount[]; types: FacetCount[]; difficulties: FacetCount<Difficulty>[]; accessible: number }
export interface ToolsResponse {
  tools: Tool[];
  page: number;
  lastPage: number;
  total: number;
  /** Counts of the filter options for the same search and the other groups' filters. */
  facets?: ListingFacets;
}

/** `[start, end)` offsets of the parts of `name` that match the words typed (docs/product/rules.md#R602). */
export type MatchRanges = Array<[number, number]>;
export interface ToolSuggestion { id: number; slug: string; name: string; highlights: MatchRanges }
export interface TopicSuggestion { id: number; name: string; highlights: MatchRanges }
export interface SuggestionsResponse {
  tools: ToolSuggestion[];
  topics: TopicSuggestion[];
  /** Nothing matched the words as typed: these are the closest (docs/product/rules.md#R603). */
  closest: boolean;
}
export interface FeaturedToolResponse { tool: Tool | null }
export type ToolSheetResponse = { tool: Tool } | { url: string };
export interface DownloadResponse { url: string }
export interface FavoriteRequest { toolId: number | string }
export interface FavoriteResponse { success: true }

export interface NewsletterRegisterRequest { email: string; consent?: boolean | string; source?: NewsletterSource }

export interface AdminToolSaveResponse { message: string; warning?: string }
export interface AdminToolDeleteResponse { status: 'deleted' }

export interface HealthResponse {
  status: 'ok' | 'error';
  info?: Record<string, { status: string }>;
  error?: Record<string, { status: string; message?: string }>;
  details?: Record<string, { status: string }>;
}

// ---------- Catalogue additions (tool administration) ----------
/** What create/update actually answer: `AdminToolSaveResponse` plus the saved tool's id and slug. */
export interface AdminToolSaveResult extends AdminToolSaveResponse { id: number; slug: string }
