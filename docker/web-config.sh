#!/bin/sh
# Writes the web app's runtime settings (read by apps/web/src/config/env.ts) from the environment.
set -eu
target=/usr/share/nginx/html/config.js

# A JSON string, or null when the variable is empty.
json() {
  if [ -z "$1" ]; then printf 'null'; return; fi
  printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/</\\u003c/g')"
}

api_url="${API_URL:-http://localhost:3000}"
api_url="${api_url%/}"
printf 'window.__OUTILS_CONFIG__ = {"apiUrl":%s,"analyticsScriptUrl":%s,"productionHost":%s};\n' \
  "$(json "$api_url")" "$(json "${ANALYTICS_SCRIPT_URL:-}")" "$(json "${PRODUCTION_HOST:-}")" > "$target"
echo "outils: $target written (apiUrl=$api_url)"
