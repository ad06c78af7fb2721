import type { Tool } from './api-types';

/**
 * Download folders (docs/product/rules.md#R500–R549): routes, shapes, limits and French messages,
 * shared by the API and the web app so that they cannot drift.
 */
export const FolderLimits = {
  /** Folders per member (docs/product/rules.md#R501). */
  foldersPerMember: 50,
  /** Tools per folder (docs/product/rules.md#R501). */
  toolsPerFolder: 50,
  nameMaxLength: 80,
  descriptionMaxLength: 300,
} as const;

/** A path segment; `:name` stays as it is so that the API's controllers can declare their routes with these. */
const seg = (value: string) => (/^:[a-z]+$/.test(value) ? value : encodeURIComponent(value));

export const FolderApiRoutes = {
  /** `GET`: the caller's folders. */
  folders: '/api/folders',
  /** `POST {name, description?, toolId?}`. */
  folderCreate: '/api/folders/create',
  /** `GET`: one of the caller's folders with its tools. */
  folder: (id: string) => `/api/folders/${seg(id)}`,
  /** `POST {name, description?}`. */
  folderUpdate: (id: string) => `/api/folders/${seg(id)}/update`,
  folderDelete: (id: string) => `/api/folders/${seg(id)}/delete`,
  /** `POST {toolId}`. */
  folderAddTool: (id: string) => `/api/folders/${seg(id)}/tools/add`,
  /** `POST {toolId}`. */
  folderRemoveTool: (id: string) => `/api/folders/${seg(id)}/tools/remove`,
  /** `POST {toolIds}`: the folder's tools in their new order. */
  folderOrder: (id: string) => `/api/folders/${seg(id)}/order`,
  /** `POST`: makes the folder public (a new token each time it is shared again). */
  folderShare: (id: string) => `/api/folders/${seg(id)}/share`,
  /** `POST`: revokes the public link (and the kit mark). */
  folderUnshare: (id: string) => `/api/folders/${seg(id)}/unshare`,
  /** `POST {isKit}`: admins only. */
  folderKit: (id: string) => `/api/folders/${seg(id)}/kit`,
  /** `GET`: `{ url }`, a signed, expiring link to the folder's ZIP. */
  folderDownload: (id: string) => `/api/folders/${seg(id)}/download`,
  /** `GET`: a shared folder, for anyone holding its token. */
  sharedFolder: (token: string) => `/api/shared-folders/${seg(token)}`,
  sharedFolderDownload: (token: string) => `/api/shared-folders/${seg(token)}/download`,
  /** `GET`: the kits (home page and listing). */
  kits: '/api/kits',
  /** Streams a folder's ZIP behind a signed, expiring link. */
  folderZip: '/folders/zip',
} as const;

export const FolderWebRoutes = {
  folders: '/toolspage/folders',
  folder: (id: string) => `/toolspage/folders/${id}`,
  shared: (token: string) => `/dossiers/${token}`,
} as const;

/** One tool of a folder; `tool` is null when it was deleted since it was added. */
export interface FolderItem {
  toolId: number | null;
  name: string;
  tool: Tool | null;
  /** Bytes of the tool's file (0 when missing). */
  size: number;
}

export interface FolderSummary {
  id: string;
  name: string;
  description: string | null;
  /** Tools still in the catalogue, in folder order. */
  toolIds: number[];
  itemCount: number;
  shareToken: string | null;
  isKit: boolean;
  updatedAt: string;
}

export interface FolderDetail extends FolderSummary {
  items: FolderItem[];
  /** Total bytes of the files that will be in the ZIP. */
  totalSize: number;
}

export interface FoldersResponse { folders: FolderSummary[] }
export interface FolderResponse { folder: FolderDetail }
export interface FolderDeleteResponse { success: true }

export interface SharedFolderResponse {
  folder: {
    name: string;
    description: string | null;
    isKit: boolean;
    items: FolderItem[];
    totalSize: number;
    updatedAt: string;
  };
}

export interface Kit {
  name: string;
  description: string | null;
  shareToken: string;
  toolCount: number;
}
export interface KitsResponse { kits: Kit[] }

export interface FolderCreateRequest { name: string; description?: string | null; toolId?: number }
export interface FolderUpdateRequest { name: string; description?: string | null }
export interface FolderToolRequest { toolId: number }
export interface FolderOrderRequest { toolIds: number[] }
export interface FolderKitRequest { isKit: boolean }

export const FolderMessages = {
  folderNotFound: 'Ce dossier est introuvable.',
  sharedFolderNotFound: 'Ce dossier partagé est introuvable : le lien a peut-être été désactivé.',
  tooManyFolders: `Vous avez atteint la limite de ${FolderLimits.foldersPerMember} dossiers. Supprimez un dossier pour en créer un nouveau.`,
  folderFull: `Ce dossier contient déjà ${FolderLimits.toolsPerFolder} outils, le maximum. Créez un autre dossier.`,
  nameRequired: 'Donnez un nom au dossier.',
  nameTooLong: `Le nom du dossier ne doit pas dépasser ${FolderLimits.nameMaxLength} caractères.`,
  descriptionTooLong: `La description ne doit pas dépasser ${FolderLimits.descriptionMaxLength} caractères.`,
  invalidText: 'Ce texte contient des caractères non autorisés.',
  invalidOrder: 'L’ordre envoyé doit reprendre exactement les outils du dossier.',
  toolNotInFolder: 'Cet outil n’est pas dans ce dossier.',
  folderEmpty: 'Ce dossier ne contient aucun outil à télécharger.',
  kitNeedsShare: 'Un kit doit être partagé : rendez le dossier public avant d’en faire un kit.',
  invalidIsKit: 'Le champ « isKit » doit valoir vrai ou faux.',
  zipLinkInvalid: 'Ce lien de téléchargement n’est pas valide ou a expiré. Relancez le téléchargement depuis la page du dossier.',
} as const;
