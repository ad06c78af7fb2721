#!/bin/sh
# Writes the web app's runtime settings (read by apps/web/src/config/env.ts) and its browser
# security headers (included by docker/nginx.conf) from the environment. The policy is the one
# of tools/lib/security-headers.mjs (the web server of `npm start`); a test checks they agree.
set -eu
web_root="${OUTILS_WEB_ROOT:-/usr/share/nginx/html}"
headers="${OUTILS_NGINX_HEADERS:-/etc/nginx/outils-security-headers.conf}"
upstream_conf="${OUTILS_NGINX_UPSTREAM:-/etc/nginx/outils-api-upstream.conf}"
target="$web_root/config.js"

# A JSON string, or null when the variable is empty.
json() {
  if [ -z "$1" ]; then printf 'null'; return; fi
  printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/</\\u003c/g')"
}

# scheme://host[:port] of an http(s) URL; nothing for anything else.
origin() {
  printf '%s' "$1" | sed -n -E 's|^(https?://[^/?#]+).*$|\1|p'
}

api_url="${API_URL:-http://localhost:3000}"
api_url="${api_url%/}"
printf 'window.__OUTILS_CONFIG__ = {"apiUrl":%s,"analyticsScriptUrl":%s,"productionHost":%s};\n' \
  "$(json "$api_url")" "$(json "${ANALYTICS_SCRIPT_URL:-}")" "$(json "${PRODUCTION_HOST:-}")" > "$target"
# The build's landing-page preloads ride in the same blocking script (docs/product/rules.md#R711).
if [ -f "$web_root/route-preloads.js" ]; then cat "$web_root/route-preloads.js" >> "$target"; fi

api_origin="$(origin "$api_url")"
analytics_origin="$(origin "${ANALYTICS_SCRIPT_URL:-}")"
list() { printf '%s' "$*" | tr -s ' ' | sed -e 's/^ //' -e 's/ $//'; }
csp="default-src 'self'; script-src $(list "'self'" "$analytics_origin"); style-src 'self' 'unsafe-inline'"
csp="$csp; img-src $(list "'self'" data: blob: "$api_origin" "$analytics_origin"); font-src 'self'"
csp="$csp; connect-src $(list "'self'" "$api_origin" "$analytics_origin"); manifest-src 'self'; object-src 'none'"
csp="$csp; frame-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

cat > "$headers" <<HEADERS
# Written by web-config.sh at container start; included by every location of nginx.conf
# (an add_header in a location replaces those of the server block).
add_header Content-Security-Policy "$csp" always;
add_header X-Content-Type-Options nosniff always;
add_header Referrer-Policy strict-origin-when-cross-origin always;
add_header Permissions-Policy "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" always;
add_header X-Frame-Options DENY always;
add_header Cross-Origin-Opener-Policy same-origin always;
# HSTS only when the page came over HTTPS (empty value: no header), see \$outils_hsts in nginx.conf.
add_header Strict-Transport-Security \$outils_hsts always;
HEADERS
# Where nginx itself reaches the API for the previews, sitemap and robots.txt (docker/nginx.conf):
# API_INTERNAL_URL, the compose gateway by default (host[:port] only).
api_internal="${API_INTERNAL_URL:-http://api-gateway:80}"
api_internal_host="$(printf '%s' "$api_internal" | sed -n -E 's|^https?://([A-Za-z0-9.-]+(:[0-9]+)?)/?$|\1|p')"
if [ -z "$api_internal_host" ]; then echo "outils: API_INTERNAL_URL must be http://host[:port], not $api_internal" >&2; exit 1; fi
printf '# Written by web-config.sh at container start.\nupstream outils_api {\n  server %s;\n  keepalive 8;\n}\n' "$api_internal_host" > "$upstream_conf"

echo "outils: $target, $headers and $upstream_conf written (apiUrl=$api_url)"
