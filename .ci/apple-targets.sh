#!/usr/bin/env bash
# Type-checks the package for the Apple deployment targets it declares, with Apple's
# availability enforced, on Linux. No Apple SDK can be had here, but the toolchain ships the
# textual interfaces of Swift, _Concurrency and Observation, and they carry Apple's
# availability: recompiled for an Apple triple, they make a pseudo-SDK against which
# `swiftc -target arm64-apple-ios13.0` rejects what Xcode rejects for those modules (an iOS 17
# API without `if #available`, a typed-throws function type's metadata before iOS 18, a let
# assigned in an inlinable initializer under library evolution). SwiftUI, Charts, Foundation,
# Dispatch and Darwin are the stand-ins in Tests/ (they prove what they model; see
# Tests/README.md, "Apple targets"), and `os` (its runtime-issue logging) is one in
# Tests/AppleTargets/Platform.
#
# For each target: PerceptionCore in release, debug and library evolution (Xcode's "Build
# Libraries for Distribution"); Perception with the macro plugin; the client corpus
# (Tests/AppleTargets/Clients) in the Swift 5 and Swift 6 language modes. It fails on any error,
# on any warning in the package's own sources (Sources/, and the macro's expansions), and if the
# negative control (Tests/AppleTargets/Fixtures) compiles where it must not. Run after
# `swift build --build-tests` (the debug build: the C module's map and the macro plugin).
#
# The pseudo-SDK is kept in .build/apple-targets, one per toolchain version.
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/second-compile.sh
work=.build/apple-targets/work
second_compile_setup "$work"
plugin="$bin/PerceptionMacros-tool#PerceptionMacros"
swift_lib="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift"
# (The Dispatch stand-in is built into the pseudo-SDK: a change to it makes a new one.)
toolchain_key="$(swiftc --version 2>&1 | cat - Tests/AppleTargets/Platform/Dispatch.swift \
  | cksum | cut -d' ' -f1)"
sdk_root=".build/apple-targets/sdk-$toolchain_key"
platform=Tests/AppleTargets/Platform

# The targets, each with the pseudo-SDK it is checked against: a module built for the oldest
# deployment target of its OS and architecture serves every later one. tvOS and watchOS are
# checked on their x86_64 simulators: the interfaces are x86_64's, and arm64_32 (watchOS
# devices, a 32-bit Int) does not fit them.
targets=(
  arm64-apple-ios13.0 arm64-apple-ios16.0 arm64-apple-ios17.0 arm64-apple-ios18.0
  arm64-apple-ios26.0 x86_64-apple-macosx10.15 x86_64-apple-macosx14.0
  x86_64-apple-tvos13.0-simulator x86_64-apple-watchos6.0-simulator
)
sdk_for() {
  case "$1" in
    arm64-apple-ios*) echo arm64-apple-ios13.0 ;;
    x86_64-apple-macosx*) echo x86_64-apple-macosx10.15 ;;
    x86_64-apple-tvos*) echo x86_64-apple-tvos13.0-simulator ;;
    x86_64-apple-watchos*) echo x86_64-apple-watchos6.0-simulator ;;
  esac
}

# build_sdk TRIPLE: the toolchain's interfaces, recompiled for TRIPLE, into $sdk_root/TRIPLE.
build_sdk() {
  local triple=$1 out="$sdk_root/$1"
  [ -e "$out/complete" ] && return
  rm -rf "$out"
  mkdir -p "$out/src" "$out/mods"
  for module in Swift SwiftOnoneSupport _Concurrency _StringProcessing Observation; do
    # Observation's private interface: it declares the @_spi(SwiftUI) API the package uses.
    local interface=swiftinterface
    [ "$module" = Observation ] && interface=private.swiftinterface
    # Apple's triple; no @backDeployed (its bodies would need Apple's runtime); no Glibc; and
    # -Onone: the checks need declarations and their availability, not optimized inlinable bodies.
    sed -e "s/-target x86_64-unknown-linux-gnu/-target $triple/" \
      -e '/^\/\/ swift-module-flags:/s/ -O / -Onone /' \
      -e 's/^\( *\)@backDeployed(before: [^)]*)$/\1/' -e '/^import Glibc$/d' \
      "$swift_lib/linux/$module.swiftmodule/x86_64-unknown-linux-gnu.$interface" \
      > "$out/src/$module.$interface"
    if [ "$module" = Swift ]; then
      # The type checker's pointer-argument conversions need this Apple-only type whenever
      # Objective-C interop is on, as it is for Apple targets.
      cat >> "$out/src/Swift.swiftinterface" << 'EOF'
@frozen @unsafe public struct AutoreleasingUnsafeMutablePointer<Pointee> : Swift._Pointer {
  @safe public let _rawValue: Builtin.RawPointer
  @_transparent public init(_ _rawValue: Builtin.RawPointer) { self._rawValue = _rawValue }
}
EOF
      # x86_64's interface calls two long-double shims declared only for x86.
      case "$triple" in x86_64-*) ;; *)
        cat >> "$out/src/Swift.swiftinterface" << 'EOF'
@usableFromInline internal func _stdlib_remainderl(_ _self: Swift.Float80, _ _other: Swift.Float80) -> Swift.Float80
@usableFromInline internal func _stdlib_squareRootl(_ _self: Swift.Float80) -> Swift.Float80
EOF
        ;;
      esac
    fi
    local extra=()
    [ "$module" = Swift ] && extra=(-parse-stdlib)
    swiftc -frontend -compile-module-from-interface "$out/src/$module.$interface" \
      -module-name "$module" -target "$triple" -disable-availability-checking \
      -disable-objc-interop -I "$out/mods" -I "$swift_lib/shims" ${extra[@]+"${extra[@]}"} \
      -o "$out/mods/$module.swiftmodule"
  done
  # Dispatch, as Apple ships it, with library evolution.
  swiftc -emit-module -parse-as-library -enable-library-evolution -module-name Dispatch \
    -target "$triple" -I "$out/mods" -emit-module-path "$out/mods/Dispatch.swiftmodule" \
    "$platform/Dispatch.swift"
  touch "$out/complete"
}

# The C flags: glibc's headers serve as the C library, with Apple's nullability keywords
# undefined (glibc's own `__nonnull((1))` would not parse), and 64-bit word sizes for arm64.
mkdir -p "$work/lp64/gnu" "$work/lp64/bits"
echo '#include <gnu/stubs-64.h>' > "$work/lp64/gnu/stubs.h"
printf '#define __WORDSIZE 64\n#define __WORDSIZE_TIME64_COMPAT32 1\n#define __SYSCALL_WORDSIZE 64\n' \
  > "$work/lp64/bits/wordsize.h"
c_flags=(-Xcc -U__nonnull -Xcc -U__nullable -Xcc -I"$platform/include"
  -Xcc -isystem -Xcc "$work/lp64" -Xcc -isystem -Xcc /usr/include/x86_64-linux-gnu
  -Xcc -isystem -Xcc /usr/include -Xcc "-fmodule-map-file=$platform/Darwin/module.modulemap"
  -Xcc "-fmodule-map-file=$bin/CPerceptionRuntime.build/module.modulemap"
  -Xcc -ICPerceptionRuntime/include
  -Xcc "-fmodule-map-file=$platform/ObjectiveC/module.modulemap")

mapfile -t core < <(find Sources/PerceptionCore -name '*.swift' | sort)
mapfile -t test_support < <(find Sources/PerceptionTestSupport -name '*.swift' | sort)
xctest_control=Tests/AppleTargets/Fixtures/XCTestObserverWithoutNSObject.swift
diagnostics="$work/diagnostics.log"
failures=0
# swiftc_for TRIPLE OUT NAME ARGS...: a compile for TRIPLE against its pseudo-SDK and the
# modules in OUT. Its diagnostics are kept in OUT/diagnostics.log, and a failure is noted in
# OUT/failed, which fails the run; it returns non-zero then. Each target's compiles write to
# its own OUT, so that two targets are checked at once.
swiftc_for() {
  local triple=$1 out=$2 name=$3 sdk status=0
  sdk="$sdk_root/$(sdk_for "$1")/mods"
  shift 3
  if ! swiftc -target "$triple" -diagnostic-style llvm -parse-as-library -package-name "$package_name" -I "$out" \
    -I "$sdk" -I "$swift_lib/shims" "${c_flags[@]}" "$@" > "$out/$name.log" 2>&1; then
    echo "error: $name failed for $triple:" >&2
    grep -E 'error:' "$out/$name.log" | sort -u >&2 || cat "$out/$name.log" >&2
    echo "$name" >> "$out/failed"
    status=1
  fi
  sed "s|^|$triple $name: |" "$out/$name.log" >> "$out/diagnostics.log"
  return "$status"
}

# in_parallel FUNCTION ARGUMENT...: FUNCTION ARGUMENT for each argument, as many at once as the
# machine has cores (the compiles are single-threaded); fails if any does.
in_parallel() {
  local function=$1 status=0
  shift
  for argument in "$@"; do
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || status=1; done
    "$function" "$argument" &
  done
  while [ "$(jobs -rp | wc -l)" -gt 0 ]; do wait -n || status=1; done
  return "$status"
}

# check_test_support TRIPLE OUT: PerceptionTestSupport, which every Xcode user of the product
# compiles, against the XCTest and Testing stand-ins in Tests/AppleTargets/Platform (Apple's
# Objective-C XCTest as Swift imports it, and swift-testing's API), in release, debug and library
# evolution, after the Foundation stand-in and PerceptionCore are in OUT. Then the control: an
# observer that is no NSObject, which swift-corelibs-xctest's Swift protocol accepts, must be
# rejected as Apple's `XCTestObservation: NSObjectProtocol` rejects it, or the XCTest stand-in has
# lost Apple's shape.
check_test_support() {
  local triple=$1 out=$2
  local standin=(-swift-version 6 -wmo -warnings-as-errors -enable-library-evolution -emit-module)
  swiftc_for "$triple" "$out" XCTest "${standin[@]}" -module-name XCTest \
    -emit-module-path "$out/XCTest.swiftmodule" "$platform/XCTest.swift"
  swiftc_for "$triple" "$out" Testing "${standin[@]}" -module-name Testing \
    -emit-module-path "$out/Testing.swiftmodule" "$platform/Testing.swift"
  local swift6=(-swift-version 6 -wmo -module-name PerceptionTestSupport)
  swiftc_for "$triple" "$out" PerceptionTestSupport-release "${swift6[@]}" -O -emit-module \
    -emit-module-path "$out/PerceptionTestSupport.swiftmodule" "${test_support[@]}"
  swiftc_for "$triple" "$out" PerceptionTestSupport-debug "${swift6[@]}" -Onone -D DEBUG \
    -typecheck "${test_support[@]}"
  swiftc_for "$triple" "$out" PerceptionTestSupport-evolution "${swift6[@]}" -O -typecheck \
    -enable-library-evolution "${test_support[@]}"
  if swiftc_for "$triple" "$out" xctest-control -swift-version 6 -typecheck \
    -module-name XCTestControl "$xctest_control" 2> /dev/null; then
    echo "error: $xctest_control compiled for $triple; the XCTest stand-in is not Apple's" >&2
    echo xctest-control >> "$out/failed"
  elif ! grep -q "cannot declare conformance to 'NSObjectProtocol' in Swift" "$out/xctest-control.log"; then
    cat "$out/xctest-control.log" >&2
    echo "error: $xctest_control failed for $triple for another reason" >&2
    echo xctest-control >> "$out/failed"
  else
    sed -i '/^xctest-control$/d' "$out/failed"
  fi
}

check_target() {
  # Run in a job of its own: a failed compile is noted, and the next one runs.
  set +e
  local triple=$1 out="$work/$1"
  rm -rf "$out"
  mkdir -p "$out"
  # The stand-ins of Apple's frameworks, with Apple's availability.
  # Built for library evolution, as Apple's frameworks are.
  local standin=(-swift-version 6 -wmo -warnings-as-errors -enable-library-evolution -emit-module)
  swiftc_for "$triple" "$out" Foundation "${standin[@]}" -module-name Foundation \
    -emit-module-path "$out/Foundation.swiftmodule" Tests/FoundationStandIn/*.swift
  swiftc_for "$triple" "$out" SwiftUI "${standin[@]}" -module-name SwiftUI \
    -emit-module-path "$out/SwiftUI.swiftmodule" Tests/SwiftUIStandIn/*.swift
  swiftc_for "$triple" "$out" Charts "${standin[@]}" -module-name Charts \
    -emit-module-path "$out/Charts.swiftmodule" Tests/ChartsStandIn/*.swift
  swiftc_for "$triple" "$out" os "${standin[@]}" -module-name os \
    -emit-module-path "$out/os.swiftmodule" "$platform/os.swift"

  local swift6=(-swift-version 6 -wmo)
  swiftc_for "$triple" "$out" PerceptionCore-release "${swift6[@]}" -O -emit-module \
    -module-name PerceptionCore -emit-module-path "$out/PerceptionCore.swiftmodule" "${core[@]}"
  swiftc_for "$triple" "$out" PerceptionCore-debug "${swift6[@]}" -Onone -D DEBUG -typecheck \
    -module-name PerceptionCore "${core[@]}"
  swiftc_for "$triple" "$out" PerceptionCore-evolution "${swift6[@]}" -O -typecheck \
    -enable-library-evolution -module-name PerceptionCore "${core[@]}"
  swiftc_for "$triple" "$out" Perception "${swift6[@]}" -emit-module -module-name Perception \
    -load-plugin-executable "$plugin" -emit-module-path "$out/Perception.swiftmodule" \
    Sources/Perception/*.swift
  check_test_support "$triple" "$out"
  for mode in 5 6; do
    swiftc_for "$triple" "$out" "Clients-swift$mode" -swift-version "$mode" -wmo -typecheck \
      -load-plugin-executable "$plugin" -module-name Clients Tests/AppleTargets/Clients/*.swift
  done
  echo "$triple: checked"
  return 0
}

started=$SECONDS
mapfile -t sdks < <(for triple in "${targets[@]}"; do sdk_for "$triple"; done | sort -u)
in_parallel build_sdk "${sdks[@]}"
echo "pseudo-SDKs ready in $sdk_root ($((SECONDS - started)) s)"

in_parallel check_target "${targets[@]}"

# Reflection before iOS 18: the metadata of an `@isolated(any)` or typed-throws function type is
# made by swift_getExtendedFunctionTypeMetadata, which older runtimes lack; the compiler links
# it weakly and calls it unchecked (from the accessors that field descriptors name, which
# `Mirror`, `dump` and a debugger's `po` run). An optimized build, as an app ships, must not
# reference it at all. (Debug builds keep the field descriptors of SynchronousView.swift's
# private structs, which no value outlives the cast that makes it; nothing can reflect one.)
ios13="$work/arm64-apple-ios13.0"
if ! swiftc_for arm64-apple-ios13.0 "$ios13" PerceptionCore-ir -swift-version 6 -wmo -O -emit-ir \
  -module-name PerceptionCore -o "$ios13/PerceptionCore.ll" "${core[@]}"; then
  failures=$((failures + 1))
elif grep -q swift_getExtendedFunctionTypeMetadata "$ios13/PerceptionCore.ll"; then
  echo "error: PerceptionCore's iOS 13 build calls swift_getExtendedFunctionTypeMetadata," \
    "which runtimes before iOS 18 lack" >&2
  failures=$((failures + 1))
else
  echo "PerceptionCore's iOS 13 build makes no metadata that runtimes before iOS 18 lack"
fi

# The path an app takes (issue 49): most apps run on iOS 17 or later built for a deployment
# target below 17, where the model's `Observable` conformance is unavailable outside an
# availability test. In raw SIL of a model (Fixtures/AccessorModel.swift) built for iOS 13, its
# getter, setter and `_modify` must each test for Observation's releases and call the
# registrar's entry points constrained to `Observable` (the branch an iOS 17 device runs, and
# Linux's), and built for iOS 17 call only those; no code may name `ErasedObservable`, the
# re-typing those entry points replaced. ACCESSOR_SIL_LINES=1 prints the getter's calls.
accessor_sil() {
  local triple=$1 out="$work/$1" sil="$work/$1/AccessorModel.sil" status=0
  swiftc_for "$triple" "$out" AccessorModel-sil -swift-version 6 -emit-silgen \
    -load-plugin-executable "$plugin" -module-name AccessorModel -o "$sil" \
    Tests/AppleTargets/Fixtures/AccessorModel.swift || return 1
  for accessor in vg vs vM; do
    # The accessor's body: from its `sil` line to the closing brace.
    body=$(awk -v name="10ThermostatC6targetSi$accessor" \
      '$1 == "sil" && index($0, name) { inside = 1 } inside { print } inside && /^}/ { exit }' "$sil")
    calls=$(echo "$body" | grep -E 'function_ref @\$s14PerceptionCore0A9RegistrarV' || true)
    observable=$(echo "$calls" | grep -c 'where τ_0_0 : Observable' || true)
    perceptible=$(echo "$calls" | grep -c 'where τ_0_0 : Perceptible' || true)
    tested=$(echo "$body" | grep -c 'OSVersionAtLeast' || true)
    case "$triple" in
      *ios13.0) want_perceptible=yes ;;
      *) want_perceptible=no ;;
    esac
    if [ "$observable" -eq 0 ] || { [ "$want_perceptible" = yes ] && { [ "$perceptible" -eq 0 ] \
      || [ "$tested" -eq 0 ]; }; } || { [ "$want_perceptible" = no ] && [ "$perceptible" -ne 0 ]; }
    then
      echo "error: $triple: Thermostat.target's accessor $accessor calls the registrar through" \
        "$observable Observable and $perceptible Perceptible entry points, with $tested" \
        "availability tests:" >&2
      echo "$calls" >&2
      status=1
    fi
    if [ "$accessor" = vg ] && [ -n "${ACCESSOR_SIL_LINES:-}" ]; then
      echo "$triple getter:"
      echo "$body" | grep -E 'OSVersionAtLeast|function_ref @\$s14PerceptionCore0A9RegistrarV'
    fi
  done
  if grep -q ErasedObservable "$sil"; then
    echo "error: $triple: the model's SIL names ErasedObservable" >&2
    status=1
  fi
  return "$status"
}
if accessor_sil arm64-apple-ios13.0 && accessor_sil arm64-apple-ios17.0; then
  echo "a model's accessors reach Observation through its Observable entry points, behind the" \
    "availability test below iOS 17"
else
  failures=$((failures + 1))
fi

# Every target's diagnostics, the iOS 13 IR compile's included, in the targets' order, and the
# compiles each target's check noted as failed.
: > "$diagnostics"
for triple in "${targets[@]}"; do
  cat "$work/$triple/diagnostics.log" >> "$diagnostics"
  if [ -e "$work/$triple/failed" ]; then
    failures=$((failures + $(grep -cv PerceptionCore-ir "$work/$triple/failed" || true)))
  fi
done

# Warnings in the package's own sources, and in the macro's expansions in clients' code, fail
# the run; a client's own (a deprecated name it chose to use) does not. From the 26 releases
# `@Perceptible` is itself deprecated (renamed `Observable`), and its expansion's deprecated
# names warn with it, as swift-perception's do: those are the client's choice too. So is a
# `Codable` class's: Swift warns that the registrar's `let` will not be decoded, as it warns for
# `@Observable`'s `_$observationRegistrar` and swift-perception's.
own_warnings=$(grep -E ' (Sources/[^:]*|macro expansion @[A-Za-z]+):[0-9]+:[0-9]+: warning:' \
  "$diagnostics" | grep -vE 'macro expansion .* was deprecated in (iOS|macOS|tvOS|watchOS) 26' \
  | grep -vE 'macro expansion @Perceptible:[0-9]+:[0-9]+: warning: immutable property will not be decoded' \
  | sort -u || true)
if [ -n "$own_warnings" ]; then
  echo "error: warnings in the package's sources:" >&2
  echo "$own_warnings" >&2
  failures=$((failures + 1))
fi

# Views marked `@WithPerceptionTracking` (Clients/MarkedViews.swift): no warning where SwiftUI
# needs the tracking (iOS 13-16, macOS 10.15-13, tvOS 13-16, watchOS 6-9); where the wrapper is
# deprecated, the attribute is too, and warns at each marked type and nowhere else (the compiler
# prints an attribute's deprecation twice at the same place, as it does @Perceptible's on 26).
marked=Tests/AppleTargets/Clients/MarkedViews.swift
marked_types=$(grep -c '^ *@WithPerceptionTracking$' "$marked")
for triple in "${targets[@]}"; do
  warnings=$(grep -E "^$triple Clients-swift[56]: $marked:[0-9]+:[0-9]+: warning:" "$diagnostics" || true)
  case "$triple" in
    *ios13.0 | *ios16.0 | *macosx10.15 | *tvos13.0-simulator | *watchos6.0-simulator)
      if [ -n "$warnings" ]; then
        echo "error: marked views warn for $triple:" >&2
        echo "$warnings" >&2
        failures=$((failures + 1))
      fi
      ;;
    *)
      attribute=$(echo "$warnings" | grep "'WithPerceptionTracking()' was deprecated" \
        | sed -E 's/: warning.*//; s/^[^ ]+ [^ ]+ //' | sort -u | wc -l)
      others=$(echo "$warnings" | grep -v "was deprecated in" || true)
      if [ "$attribute" -ne "$marked_types" ] || [ -n "$others" ]; then
        echo "error: for $triple, $attribute of $marked_types marked types warn, or other warnings:" >&2
        echo "$others" >&2
        failures=$((failures + 1))
      fi
      ;;
  esac
done
echo "marked views: no warning before the 17 releases, one deprecation per marked type from them"

# The negative control: an iOS 17 API called without `if #available` must be rejected for
# iOS 13 and accepted for iOS 17, or this check cannot see what it exists to see.
fixture=Tests/AppleTargets/Fixtures/ObservationWithoutAvailability.swift
control() {
  swiftc_for "$1" "$work/$1" "control" -swift-version 6 -typecheck -module-name Control "$fixture"
}
if ! control arm64-apple-ios17.0; then
  failures=$((failures + 1))
elif control arm64-apple-ios13.0 2> /dev/null; then
  echo "error: $fixture compiled for iOS 13; the Apple-target check is blind" >&2
  failures=$((failures + 1))
elif ! grep -q "is only available in iOS 17" "$work/arm64-apple-ios13.0/control.log"; then
  cat "$work/arm64-apple-ios13.0/control.log" >&2
  echo "error: $fixture failed for iOS 13 for another reason" >&2
  failures=$((failures + 1))
else
  echo "the negative control is rejected for iOS 13 and accepted for iOS 17"
fi

echo "apple targets: ${#targets[@]} targets in $((SECONDS - started)) s, $failures failed"
[ "$failures" -eq 0 ]
