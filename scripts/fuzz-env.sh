# Shared by scripts/fuzz.sh and scripts/fuzz-coverage.sh (sourced, not run): the fuzz targets and the
# settings both read from the environment.
FUZZ_TARGETS=(FuzzBinaryPlist FuzzXMLPlist FuzzOpenStepPlist FuzzKeyedArchive FuzzTypedstream FuzzNIBArchive FuzzIB3XML FuzzLZFSE FuzzBookmark FuzzSwiftName FuzzRepair FuzzRender)
WORK=${FUZZ_WORK:-fuzz-work}
MAX_LEN=${FUZZ_MAX_LEN:-4096}
NICE=${FUZZ_NICE:-10}
export SWIFT_BACKTRACE=enable=no

# is_fuzz_target NAME: status 0 when NAME is one of FUZZ_TARGETS.
is_fuzz_target() {
  local t
  for t in "${FUZZ_TARGETS[@]}"; do [ "$t" != "$1" ] || return 0; done
  return 1
}
