import { PartnerApiRoutes } from '@outils/contracts';

/**
 * The partners' embed, `/embed.js` (docs/product/rules.md#R994, #R995): a plain script, no
 * dependency, no cookie, no request but the API's one read. It renders where its `<script>` tag
 * stands, inside a Shadow DOM so that the host page's styles and ours never meet; a refusal of the
 * API (a site the partner does not allow, an unknown partner) is said in French, and nothing else
 * is shown. The API's address is written in at serving time, like /config.js.
 */
export function embedScript(apiUrl: string): string {
  const embedPath = PartnerApiRoutes.embedOf('__ID__');
  return `/* Outils — sélection d'outils d'un partenaire */
(function () {
  'use strict';
  var API = ${JSON.stringify(apiUrl)};
  var PATH = ${JSON.stringify(embedPath)};
  var script = document.currentScript;
  if (!script || !script.parentNode) return;
  var host = document.createElement('div');
  host.setAttribute('data-outils-embed', '');
  script.parentNode.insertBefore(host, script);
  var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
  var CSS = ${JSON.stringify(EMBED_CSS)};

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var name in attrs || {}) node.setAttribute(name, attrs[name]);
    (children || []).filter(Boolean).forEach(function (child) { node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child); });
    return node;
  }
  function show(content) {
    while (root.firstChild) root.removeChild(root.firstChild);
    root.appendChild(el('style', {}, [CSS]));
    root.appendChild(content);
  }
  function refuse(message) {
    show(el('p', { 'class': 'outils-refus', role: 'alert', lang: 'fr' }, [message]));
  }
  function shorten(text, max) {
    return text.length <= max ? text : text.slice(0, text.lastIndexOf(' ', max - 1) > 0 ? text.lastIndexOf(' ', max - 1) : max - 1) + '…';
  }

  var id = script.getAttribute('data-partenaire') || '';
  var query = [];
  [['data-sujet', 'sujet'], ['data-type', 'type'], ['data-outils', 'outils'], ['data-kit', 'kit']].forEach(function (pair) {
    var value = script.getAttribute(pair[0]);
    if (value) query.push(pair[1] + '=' + encodeURIComponent(value));
  });
  var url = API + PATH.replace('__ID__', encodeURIComponent(id)) + (query.length ? '?' + query.join('&') : '');
  fetch(url, { credentials: 'omit', referrerPolicy: 'strict-origin' })
    .then(function (res) {
      return res.json().then(function (body) { return { ok: res.ok, body: body }; }, function () { return { ok: false, body: {} }; });
    })
    .then(function (answer) {
      if (!answer.ok) return refuse(answer.body.message || 'La sélection d’outils ne peut pas s’afficher pour le moment.');
      var data = answer.body;
      var titleId = 'outils-titre-' + Math.random().toString(36).slice(2);
      var list = el('ul', { 'class': 'outils-liste' }, data.tools.map(function (tool) {
        var facts = [tool.type, tool.file].filter(Boolean).join(' · ');
        return el('li', { 'class': 'outils-carte' }, [
          el('h3', { 'class': 'outils-nom' }, [el('a', { href: tool.url }, [tool.name])]),
          el('p', { 'class': 'outils-texte' }, [shorten(tool.description, 160)]),
          el('p', { 'class': 'outils-infos' }, [tool.category + (facts ? ' — ' + facts : '')]),
        ]);
      }));
      var body = data.tools.length ? list : el('p', {}, ['Aucun outil à afficher pour le moment.']);
      show(el('section', { 'class': 'outils', 'aria-labelledby': titleId, lang: 'fr' }, [
        el('h2', { id: titleId, 'class': 'outils-titre' }, ['Outils gratuits pour votre entreprise']),
        data.kit ? el('p', { 'class': 'outils-kit' }, ['Kit prêt à l’emploi : ', el('a', { href: data.kit.url }, [data.kit.name])]) : null,
        body,
        el('p', { 'class': 'outils-credit' }, [
          'Proposé par ', el('a', { href: data.partner.website }, [data.partner.name]), ' avec ', el('a', { href: data.siteUrl }, ['Outils']),
        ]),
      ]));
    })
    .catch(function () { refuse('La sélection d’outils ne peut pas s’afficher pour le moment.'); });
})();
`;
}

/** Contrasts of at least 4.5:1 (RGAA 3.2), a visible focus (10.7), text that follows the host's size. */
const EMBED_CSS = `:host{display:block;all:initial;display:block}
.outils{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff;border:1px solid #8c959f;border-radius:8px;padding:1rem;line-height:1.5;font-size:1rem}
.outils-titre{font-size:1.25rem;margin:0 0 .75rem}
.outils-liste{list-style:none;margin:0;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr))}
.outils-carte{border:1px solid #d0d7de;border-radius:6px;padding:.75rem}
.outils-nom{font-size:1rem;margin:0 0 .25rem}
.outils-texte,.outils-infos{margin:0 0 .25rem;font-size:.875rem}
.outils-infos{color:#57606a}
.outils-credit{margin:.75rem 0 0;font-size:.875rem}
a{color:#0a5bd3;text-decoration:underline}
a:focus-visible{outline:3px solid #0a5bd3;outline-offset:2px;border-radius:2px}
.outils-refus{font-family:system-ui,sans-serif;color:#8a1c1c;background:#fff5f5;border:1px solid #8a1c1c;border-radius:6px;padding:.5rem .75rem;margin:0}`;
