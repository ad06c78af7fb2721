import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * The e-mail and one-time token of an activation or reset link, read once and kept in memory;
 * the address bar then loses them (a history replace), so that the token does not stay in the
 * history, a bookmark, a shared screen or a `Referer` sent by a later page (docs/product/rules.md#R199).
 */
export function useOneTimeLink(): { email: string; token: string } {
  const [params] = useSearchParams();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => ({ email: params.get('email') ?? '', token: params.get('token') ?? '' }));
  const carriesLink = params.has('email') || params.has('token');

  useEffect(() => {
    if (!carriesLink) return;
    const rest = new URLSearchParams(params);
    rest.delete('email');
    rest.delete('token');
    const search = rest.toString();
    void navigate({ pathname, search: search ? `?${search}` : '', hash }, { replace: true });
  }, [carriesLink, params, pathname, hash, navigate]);

  return link;
}
