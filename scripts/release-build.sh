# shellcheck shell=bash
# The release build that scripts/install.sh installs and `Benchmarks/run.sh start` times
# (sourced: defines `release_build`, the build command, and `build_release`, which builds
# both binaries with it: siwa-buttons, which draws a plain `render` line itself, and
# siwa-buttons-full, to which it hands every other line). The Swift runtime is linked in, so no toolchain is
# needed where it runs, and it is linked for a fast start, which scripts and build
# pipelines pay once per button (docs/performance.md, "Start-up"):
#   --no-export-dynamic   Swift's static-stdlib link exports every symbol of the program
#                         (28,000), and every symbol the 42 C libraries bind is looked up
#                         there first; nothing loads plugins into us, so export none.
#   lld                   the linker the Swift toolchain ships.
#   --wrap=...            three symbols bound to their glibc 2.2.5 and libstdc++ 3.4.11
#                         versions, so the binaries run on glibc 2.34 and GCC 11's
#                         libstdc++ (RHEL 9); Sources/CSIWASystem/glibc_floor.c says why.
# Not pack-relative-relocs (RELR: the 120,000 pointer fix-ups as a 22 KB bitmap instead
# of 2.7 MB of entries): it makes the binaries need glibc 2.36 (GLIBC_ABI_DT_RELR), so
# they would not start on Ubuntu 22.04 or RHEL 9, and it saves 1.5% of a start's page
# faults and no measurable time (docs/performance.md, "Start-up"). SIWA_RELR=1 links
# with it, for a Debian 12 host that starts one process per button.
#   -disable-concrete-type-metadata-mangled-name-accessors
#                         the compiler's default fetches a generic type's metadata
#                         (Dictionary<String, String>, Set<...>) by demangling its name,
#                         and the runtime then checks its requirements (String: Hashable)
#                         by scanning all 8,600 conformance records of this program, once
#                         per type: 14 scans and 12% of a render's instructions. With
#                         the flag the compiler passes the conformances itself. Not in
#                         Package.swift: unsafe flags would stop other packages using ours.
# The scratch folder is outside the package: SIWAResources' path is the package's root,
# and with a scratch folder inside it SwiftPM 6.3 fails every build after the first there
# ("unknown build description"). One per checkout, named from its path.
release_scratch=${SIWA_RELEASE_SCRATCH:-${TMPDIR:-/tmp}/siwa-buttons-release-$(pwd -P | cksum | cut -d' ' -f1)}
release_build=(swift build -c release --static-swift-stdlib --scratch-path "$release_scratch"
  -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic
  -Xlinker --wrap=hypot -Xlinker --wrap=hypotf -Xlinker --wrap=_ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
[ "${SIWA_RELR:-0}" != 1 ] || release_build+=(-Xlinker -z -Xlinker pack-relative-relocs)
build_release() {
  "${release_build[@]}" --product siwa-buttons-full "$@" && "${release_build[@]}" --product siwa-buttons "$@"
}
