import { PNG } from 'pngjs';
import { linkIn, Session, stackInfo, waitForMail } from './browser';

/** Direct calls to the running API, to prepare journeys faster than through the screens. */
export async function apiFetch<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${stackInfo().apiUrl}${path}`, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T };
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const credentialHeaders = (s: Session) => ({ userEmail: s.email, userToken: s.token });

export async function apiLogin(email: string, password: string): Promise<Session> {
  const { status, body } = await apiFetch<{ user?: string; token?: string }>('/api/login', json({ username: email, password }));
  if (status !== 200 && status !== 201) throw new Error(`Login of ${email} failed: HTTP ${status} ${JSON.stringify(body)}`);
  if (!body.token || !body.user) throw new Error(`Login of ${email} gave no token: ${JSON.stringify(body)}`);
  return { email: body.user, token: body.token };
}

export const adminSession = () => apiLogin(stackInfo().adminEmail, stackInfo().adminPassword);

let counter = 0;
/** A unique address for a journey (the database is shared by the whole run). */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const MEMBER_PASSWORD = 'Membre-Outils-2026!';

/** Signs a member up and activates the account through the activation mail, without a browser. */
export async function createMember(prefix: string, password = MEMBER_PASSWORD): Promise<Session & { password: string }> {
  const email = uniqueEmail(prefix);
  const signup = await apiFetch('/api/user/new', json({
    lastName: 'Martin', firstName: 'Camille', mail: email, password, passwordConfirm: password, job: '', activityArea: 'null', newsletter: 0,
  }));
  if (signup.status >= 300) throw new Error(`Sign-up failed: HTTP ${signup.status} ${JSON.stringify(signup.body)}`);
  const mail = await waitForMail(email, 'Activez votre compte');
  const link = new URL(linkIn(mail.text, `${stackInfo().webUrl}/profile/confirmed?`));
  const confirm = await apiFetch('/api/user/confirm', {
    headers: { email: link.searchParams.get('email') ?? '', token: link.searchParams.get('token') ?? '' },
  });
  if (confirm.status >= 300) throw new Error(`Activation failed: HTTP ${confirm.status} ${JSON.stringify(confirm.body)}`);
  return { ...(await apiLogin(email, password)), password };
}

export interface ApiTool {
  id: number;
  slug: string;
  name: string;
  description: string;
  difficulty: string | null;
  type: { id: number; name: string };
  category: { id: number; name: string };
  images: Array<{ id: string; src: string }>;
  createdAt: string;
  downloadCount?: number;
  download: { format: string | null; size: number; pages: number | null; updatedAt: string | null };
  preview: { src: string; width: number; height: number } | null;
}

export interface ToolsPage { tools: ApiTool[]; page: number; lastPage: number; total?: number }

export async function listTools(query = '', session?: Session): Promise<ToolsPage> {
  const { status, body } = await apiFetch<ToolsPage>(`/api/tools${query ? `?${query}` : ''}`, { headers: session ? credentialHeaders(session) : {} });
  if (status !== 200) throw new Error(`GET /api/tools?${query}: HTTP ${status}`);
  return body;
}

/** Every tool of the catalogue (all pages). */
export async function allTools(): Promise<ApiTool[]> {
  const first = await listTools('page=1');
  const tools = [...first.tools];
  for (let page = 2; page <= first.lastPage; page += 1) tools.push(...(await listTools(`page=${page}`)).tools);
  return tools;
}

export interface Filters {
  categories: Array<{ id: number; name: string }>;
  types: Array<{ id: number; name: string }>;
  difficulties: Array<{ id: string; name: string }>;
}

export async function filters(): Promise<Filters> {
  return (await apiFetch<Filters>('/api/filters')).body;
}

/** The admin listing (max=100) with the download counts. */
export async function adminTools(session: Session): Promise<ApiTool[]> {
  return (await listTools('page=1&max=100', session)).tools;
}

export interface NewTool {
  title: string;
  description: string;
  difficulty?: 'Simple' | 'Moyen' | 'Complexe';
  goal?: string;
  people?: string;
}

/** Creates a tool through the admin API (multipart, like the tool form) and returns it as listed. */
export async function createToolByApi(session: Session, tool: NewTool): Promise<ApiTool> {
  const f = await filters();
  const form = new FormData();
  // Credentials sent as fields count only before the first file part (the API reads no file
  // byte before it knows the caller).
  form.append('storedMail', session.email);
  form.append('storedToken', session.token);
  form.append('toolFile', new Blob([new Uint8Array(pdfBytes(tool.title))], { type: 'application/pdf' }), 'outil.pdf');
  form.append('title', tool.title);
  form.append('description', tool.description);
  form.append('type', String(f.types[0].id));
  form.append('category', String(f.categories[0].id));
  form.append('difficulty', tool.difficulty ?? 'Simple');
  form.append('goal', tool.goal ?? '');
  form.append('people', tool.people ?? '');
  form.append('duration', '');
  const { status, body } = await apiFetch('/admin/tools/create', { method: 'POST', body: form });
  if (status >= 300) throw new Error(`Tool creation failed: HTTP ${status} ${JSON.stringify(body)}`);
  const created = (await adminTools(session)).find((t) => t.name === tool.title);
  if (!created) throw new Error(`The created tool "${tool.title}" is not in the admin listing`);
  return created;
}

/**
 * Declares a tool's accessible alternative through the admin API (multipart, like the tool form's
 * `altFile`, docs/product/rules.md#R943); the worker then checks it (docs/product/rules.md#R947).
 */
export async function addAlternativeByApi(session: Session, tool: { id: number; description: string }, file: { bytes: Buffer; name: string; type: string }): Promise<void> {
  const form = new FormData();
  form.append('storedMail', session.email);
  form.append('storedToken', session.token);
  form.append('toolId', String(tool.id));
  form.append('description', tool.description);
  form.append('altFile', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const { status, body } = await apiFetch('/admin/tools/update', { method: 'POST', body: form });
  if (status >= 300) throw new Error(`Alternative upload failed: HTTP ${status} ${JSON.stringify(body)}`);
}

export async function deleteToolByApi(session: Session, toolId: number): Promise<void> {
  const { status, body } = await apiFetch('/admin/tools/delete', json({ storedMail: session.email, storedToken: session.token, toolId }));
  if (status >= 300 && status !== 404) throw new Error(`Tool deletion failed: HTTP ${status} ${JSON.stringify(body)}`);
}

/** A tiny but real PDF: enough for the API's check by content (magic bytes) and for a reader. */
export function pdfBytes(title = 'Outil de test'): Buffer {
  const text = title.replace(/[()\\]/g, ' ').replace(/[^\x20-\x7e]/g, '?');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 20 70 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 20 70 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A small real PNG of one colour with a darker stripe (pngjs). */
export function pngBytes(rgb: [number, number, number], width = 64, height = 48): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (width * y + x) << 2;
      const shade = y > height / 3 && y < (2 * height) / 3 ? 0.6 : 1;
      png.data[i] = Math.round(rgb[0] * shade);
      png.data[i + 1] = Math.round(rgb[1] * shade);
      png.data[i + 2] = Math.round(rgb[2] * shade);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/**
 * A person's browser for direct fetches (a download, an answer): headless clients' own agents are
 * taken for robots and not counted (docs/product/rules.md#R670).
 */
export const PERSON_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
