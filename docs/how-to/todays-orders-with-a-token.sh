#!/bin/sh
# Today's orders of your company, read with an API token (docs/api/tokens.md).
#
#   BOOKLA_URL=https://app.example.com BOOKLA_TOKEN=bkl_… sh docs/how-to/todays-orders-with-a-token.sh
#
# The token needs the scope `read`. "Today" is the company's day (its time zone): the server
# reads `created_from`/`created_to` as days there. Pass DAY=YYYY-MM-DD for another day.
# Prints one JSON page per request (100 orders each) until the last page; `jq` makes it
# readable if you have it (… | jq '.data[] | {number, lastname, total, payment_status}').
set -eu

: "${BOOKLA_URL:?set BOOKLA_URL, e.g. https://app.example.com}"
: "${BOOKLA_TOKEN:?set BOOKLA_TOKEN to an API token with the scope read}"
DAY="${DAY:-$(date +%Y-%m-%d)}"

page=1
while :; do
  # The token goes in a header (never in the URL, where proxies and logs would keep it).
  reply=$(curl --silent --show-error --fail-with-body \
    --header "Authorization: Bearer ${BOOKLA_TOKEN}" \
    --header 'Accept: application/json' \
    --get "${BOOKLA_URL%/}/api/orders" \
    --data-urlencode "columnFilters[created_from]=${DAY}" \
    --data-urlencode "columnFilters[created_to]=${DAY}" \
    --data-urlencode 'sort[field]=created_at' \
    --data-urlencode 'sort[type]=asc' \
    --data-urlencode 'perPage=100' \
    --data-urlencode "page=${page}")
  printf '%s\n' "$reply"
  # `"next":null` in `links` marks the last page (CONTRACT §2 lists).
  case "$reply" in
    *'"next":null'*) break ;;
  esac
  page=$((page + 1))
done
