#!/usr/bin/env bash
# Fuzzes the published API with Schemathesis (all checks, 30 examples per operation), once without
# a login and once as a patient, against a fresh single-node product. Exits 1 on any failure:
# a server error, a schema-valid request rejected, a schema-invalid one accepted, an answer
# outside its contract. Needs Python 3 (Schemathesis is installed into .infra/api-fuzz-venv).
#   bash scripts/api-fuzz/run.sh            (SEED=<n> to repeat a run, EXAMPLES=<n> per operation)
set -uo pipefail
cd "$(dirname "$0")/../.."
here=scripts/api-fuzz
venv=.infra/api-fuzz-venv
port=${FUZZ_PORT:-3390}
examples=${EXAMPLES:-30}
seed=${SEED:-20261124}
base="http://localhost:$port"

if [ ! -x "$venv/bin/st" ]; then
  python3 -m venv "$venv" && "$venv/bin/pip" install -q 'schemathesis==4.32.5' || exit 1
fi

PORT=$port DATA_DIR=:memory: NODE_ENV=development LOG_LEVEL=error \
  node --import tsx services/gateway/src/main.ts > test-results/api-fuzz-server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 1 120); do curl -sf "$base/readyz" > /dev/null && break; sleep 1; done

# A patient of the quiz, for the calls that need a login.
token=$(curl -sf -X POST "$base/api/intake-form" -H 'content-type: application/json' -d '{
  "first_name":"Fuzz","last_name":"Patient","email":"fuzz.patient@example.com","phone":"5125550199",
  "phone_parts":{"areaCode":"512","prefix":"555","line":"0199"},"height":{"foot":5,"inches":8},
  "weight":230,"gender":"Female","agreed_to_text":"Yes","agreed_to_email":true,"agreed_to_terms":true,
  "form_step2_agree":true,"dob":{"mm":3,"dd":14,"yyyy":1985},"desired_weight":180,"state":"TX",
  "source_web":2}' | node -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>console.log(JSON.parse(s).token))')
[ -n "$token" ] || { echo "could not create the fuzzing patient"; exit 1; }

status=0
run() {
  local name=$1; shift
  SCHEMATHESIS_HOOKS=hooks "$venv/bin/st" --config-file "$here/schemathesis.toml" run "$base/api/openapi.json" \
    --checks all -n "$examples" --seed "$seed" --workers 1 --suppress-health-check all \
    --warnings off --report junit --report-junit-path "test-results/api-fuzz-$name.xml" "$@" \
    || status=1
}
export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}"
run anonymous
# Logging out would end the run's own session: the rest would only meet 401s.
run patient -H "Authorization: Bearer $token" --exclude-path /api/logout
exit $status
