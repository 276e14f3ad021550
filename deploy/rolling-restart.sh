#!/usr/bin/env bash
# Restarts the Kestrel server processes one at a time (after a deployment: new dist/, same
# database), waiting for each to answer /readyz before the next, so nginx always has two to send
# requests to. Usage: deploy/rolling-restart.sh [instances...]   (default: 1 2 3)
set -euo pipefail
instances=("${@:-1 2 3}")
for i in ${instances[*]}; do
  echo "restarting kestrel@$i"
  systemctl restart "kestrel@$i"
  for _ in $(seq 1 60); do
    if curl -fsS "http://127.0.0.1:808$i/readyz" >/dev/null 2>&1; then
      echo "kestrel@$i ready"
      continue 2
    fi
    sleep 1
  done
  echo "kestrel@$i did not become ready in 60 s: stopping the rollout" >&2
  exit 1
done
