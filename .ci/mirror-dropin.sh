#!/usr/bin/env bash
# Swaps this package in for swift-perception as a user of the Composable Architecture,
# swift-sharing or swift-navigation would, by a SwiftPM mirror, without editing the libraries
# that depend on swift-perception (issue 29). Offline: every package is a local git repository.
#
# In a temporary folder it makes
#   - perception/: a clone of the commit under test (HEAD, plus the working tree's changes to
#     tracked files), tagged with the version at the top of CHANGELOG.md;
#   - StoreLibrary/: a library shaped like TCA's use of Perception: it requires
#     https://github.com/pointfreeco/swift-perception "1.3.4"..<"3.0.0" (TCA's requirement),
#     re-exports Perception, and declares a Store that conforms to Perceptible with a
#     hand-written PerceptionRegistrar (as TCA's Store does), an @Perceptible model, and helpers
#     over withPerceptionTracking, _PerceptionLocals.$skipPerceptionChecking and Perceptions;
#   - SharingLibrary/: a library shaped like swift-sharing's: `from: "2.0.0"`, the PerceptionCore
#     product only, a reference with a hand-written registrar, and @PerceptionCore.Bindable
#     where it compiles (with SwiftUI);
#   - App/: an executable that depends on both libraries by their local git URLs and mirrors
#     swift-perception's URL to perception/ with `swift package config set-mirror`.
# It builds the app with warnings as errors and runs it: the app checks behaviour (a change
# fires onChange once, through each registrar; a Perceptions element arrives) and exits non-zero
# on a mismatch. It also checks that Package.resolved pins swift-perception at that version and
# that the build compiled only the library's targets of this package (not the benchmark's, issue
# 29 part 4). Last, it tags the clone with the next major version instead, which the policy
# (CHANGELOG.md) reserves for standing in for swift-perception 3, and requires resolution to
# fail under TCA's requirement: a mirror resolves only within the range.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
start=$SECONDS

fail() {
  echo "mirror-dropin: FAILED: $*" >&2
  exit 1
}

# The version the next release is tagged with: the first "## X.Y.Z" heading of CHANGELOG.md.
version="$(sed -n 's/^## \([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\)$/\1/p' CHANGELOG.md | head -n 1)"
[ -n "$version" ] || fail "CHANGELOG.md has no \"## X.Y.Z\" section heading"
outside="$((${version%%.*} + 1)).100.0"

work="$(mktemp -d "${TMPDIR:-/tmp}/perception-mirror-dropin.XXXXXX")"
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
# SwiftPM's shared repository cache and its record of each repository's fingerprints (in the
# user's ~/.swiftpm) would keep an entry for each temporary repository: one per run.
swiftpm=(--cache-path "$work/cache" --security-path "$work/security")

# The commit under test: `git stash create` makes a commit of the working tree's changes to
# tracked files without touching anything (empty when there are none). The clone shares this
# repository's objects, so that commit, which no ref names, can be checked out.
commit="$(git stash create)"
commit="${commit:-$(git rev-parse HEAD)}"
git clone --quiet --shared --no-checkout "$root" "$work/perception"
git -C "$work/perception" -c advice.detachedHead=false checkout --quiet "$commit"
git -C "$work/perception" tag "$version"

# A git repository with its files committed and tagged 1.0.0, for a package at DIRECTORY.
commit_package() {
  git -C "$1" init --quiet
  git -C "$1" add -A
  git -C "$1" -c user.name=ci -c user.email=ci@localhost commit --quiet -m "$(basename "$1")"
  git -C "$1" tag 1.0.0
}

mkdir -p "$work/StoreLibrary/Sources/StoreLibrary"
cat > "$work/StoreLibrary/Package.swift" << 'EOF'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "StoreLibrary",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  products: [.library(name: "StoreLibrary", targets: ["StoreLibrary"])],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-perception", "1.3.4"..<"3.0.0")
  ],
  targets: [
    .target(
      name: "StoreLibrary",
      dependencies: [.product(name: "Perception", package: "swift-perception")]
    )
  ]
)
EOF
cat > "$work/StoreLibrary/Sources/StoreLibrary/Store.swift" << 'EOF'
@_exported import Perception

/// As TCA's Store: perceptible through a registrar it declares and calls itself.
@MainActor
public final class Store<State: Sendable> {
  private let _$perceptionRegistrar = PerceptionRegistrar(isPerceptionCheckingEnabled: true)
  private var currentState: State

  public init(initialState: State) {
    currentState = initialState
  }

  public var state: State {
    _$perceptionRegistrar.access(self, keyPath: \.currentState)
    return currentState
  }

  public func send(_ mutate: (inout State) -> Void) {
    _$perceptionRegistrar.withMutation(of: self, keyPath: \.currentState) {
      mutate(&currentState)
    }
  }
}

extension Store: Perceptible {}

// As TCA's Store, Observable where Observation exists.
#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension Store: Observable {}
#endif

/// A model the macro makes perceptible.
@MainActor
@Perceptible
public final class Counter {
  public var count = 0
  @PerceptionIgnored public var ignored = 0

  public init() {}
}

/// Reads `read` in a tracking scope whose onChange calls `onChange`.
@MainActor
public func track<Value>(_ read: () -> Value, onChange: @escaping @Sendable () -> Void) -> Value {
  withPerceptionTracking(read) {
    onChange()
  }
}

/// Reads `read` with perception checking skipped, as TCA does for its own reads.
public func readUnchecked<Value>(_ read: () -> Value) -> Value {
  _PerceptionLocals.$skipPerceptionChecking.withValue(true) { read() }
}

/// The first element of a Perceptions over `read`.
@MainActor
public func firstElement<Value: Sendable>(
  of read: @escaping @MainActor @Sendable () -> Value
) async -> Value? {
  for await value in Perceptions(read) {
    return value
  }
  return nil
}
EOF
commit_package "$work/StoreLibrary"

mkdir -p "$work/SharingLibrary/Sources/SharingLibrary"
cat > "$work/SharingLibrary/Package.swift" << 'EOF'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SharingLibrary",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  products: [.library(name: "SharingLibrary", targets: ["SharingLibrary"])],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-perception", from: "2.0.0")
  ],
  targets: [
    .target(
      name: "SharingLibrary",
      dependencies: [.product(name: "PerceptionCore", package: "swift-perception")]
    )
  ]
)
EOF
cat > "$work/SharingLibrary/Sources/SharingLibrary/Shared.swift" << 'EOF'
import Foundation
import PerceptionCore

/// As swift-sharing's reference: a locked value behind a registrar, PerceptionCore only.
public final class Shared<Value: Sendable>: Perceptible, @unchecked Sendable {
  private let registrar = PerceptionRegistrar()
  private let lock = NSLock()
  private var storage: Value

  public init(_ value: Value) {
    storage = value
  }

  public var value: Value {
    get {
      registrar.access(self, keyPath: \.value)
      return lock.withLock { storage }
    }
    set {
      registrar.withMutation(of: self, keyPath: \.value) {
        lock.withLock { storage = newValue }
      }
    }
  }

  /// Reads the value in a tracking scope whose onChange calls `onChange`.
  public func track(onChange: @escaping @Sendable () -> Void) -> Value {
    withPerceptionTracking { value } onChange: {
      onChange()
    }
  }
}

// As swift-sharing's references, Observable where Observation exists.
#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension Shared: Observable {}
#endif

#if canImport(SwiftUI)
  import SwiftUI

  /// As swift-sharing binds to its references before SwiftUI's own @Bindable.
  @available(iOS, obsoleted: 17)
  @available(macOS, obsoleted: 14)
  @available(tvOS, obsoleted: 17)
  @available(watchOS, obsoleted: 10)
  @available(visionOS, unavailable)
  public struct SharedField: View {
    @PerceptionCore.Bindable var shared: Shared<String>

    public init(_ shared: Shared<String>) {
      self.shared = shared
    }

    public var body: some View {
      WithPerceptionTracking {
        TextField("value", text: $shared.value)
      }
    }
  }
#endif
EOF
commit_package "$work/SharingLibrary"

mkdir -p "$work/App/Sources/App"
cat > "$work/App/Package.swift" << EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.macOS(.v10_15)],
  dependencies: [
    .package(url: "file://$work/StoreLibrary", from: "1.0.0"),
    .package(url: "file://$work/SharingLibrary", from: "1.0.0"),
  ],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [
        .product(name: "StoreLibrary", package: "StoreLibrary"),
        .product(name: "SharingLibrary", package: "SharingLibrary"),
      ]
    )
  ]
)
EOF
cat > "$work/App/Sources/App/main.swift" << 'EOF'
import Foundation
import SharingLibrary
import StoreLibrary

/// How many times an onChange ran.
final class Calls: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func record() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}

var failures = 0

@MainActor
func expect(_ condition: Bool, _ description: String) {
  print("\(condition ? "ok" : "FAILED"): \(description)")
  if !condition { failures += 1 }
}

// TCA's Store: a hand-written registrar. Two changes, one onChange.
let store = Store(initialState: 0)
let storeCalls = Calls()
let seen = track({ store.state }, onChange: { storeCalls.record() })
store.send { $0 += 1 }
store.send { $0 += 1 }
expect(seen == 0 && storeCalls.count == 1, "Store: two changes fire onChange once (\(storeCalls.count))")
expect(readUnchecked { store.state } == 2, "Store: read with perception checking skipped")

// An @Perceptible model, tracked directly (Perception is re-exported by the library).
let counter = Counter()
let counterCalls = Calls()
withPerceptionTracking {
  _ = counter.count
} onChange: {
  counterCalls.record()
}
counter.ignored += 1
expect(counterCalls.count == 0, "@Perceptible: a change to an ignored property fires nothing")
counter.count += 1
counter.count += 1
expect(counterCalls.count == 1, "@Perceptible: two changes fire onChange once (\(counterCalls.count))")

// Perceptions: its first element is the current value.
let first = await firstElement { counter.count }
expect(first == 2, "Perceptions: an element arrives (\(String(describing: first)))")

// swift-sharing's shape: PerceptionCore only.
let shared = Shared(10)
let sharedCalls = Calls()
let value = shared.track { sharedCalls.record() }
shared.value = 11
shared.value = 12
expect(value == 10 && sharedCalls.count == 1, "Shared: two changes fire onChange once (\(sharedCalls.count))")

exit(failures == 0 ? 0 : 1)
EOF

cd "$work/App"
mirror() {
  swift package config set-mirror \
    --original https://github.com/pointfreeco/swift-perception --mirror "file://$work/perception"
}
mirror
echo "mirror-dropin: swift-perception mirrored to a clone of ${commit:0:7} tagged $version"

swift package "${swiftpm[@]}" resolve > "$work/resolve.log" 2>&1 \
  || { cat "$work/resolve.log" >&2; fail "the mirror tagged $version did not resolve"; }
# Package.resolved names the original URL (the mirror is this machine's concern), at our version,
# under the identity of the mirror's last path component.
python3 - "$version" << 'EOF' || fail "Package.resolved does not pin swift-perception at $version"
import json, sys
pins = json.load(open("Package.resolved"))["pins"]
pin = next(p for p in pins if p["location"] == "https://github.com/pointfreeco/swift-perception")
print(f"mirror-dropin: Package.resolved pins {pin['location']} at {pin['state'].get('version')}, "
      f"identity {pin['identity']}")
assert pin["state"].get("version") == sys.argv[1], pin
EOF

swift build "${swiftpm[@]}" -Xswiftc -warnings-as-errors -v > "$work/build.log" 2>&1 \
  || { grep -E 'error|warning' "$work/build.log" >&2 || cat "$work/build.log" >&2; fail "build"; }
# This package's targets that the build compiled, from the compiler invocations: Swift modules
# by -module-name (the manifests compile as "main"), C targets by their object files. The
# library's targets and its macros only.
built="$( {
  grep -oE -- '-module-name [A-Za-z_]+' "$work/build.log" | awk '{ print $2 }'
  grep -oE -- '/[A-Za-z_]+\.build/[A-Za-z_]+\.c\.o' "$work/build.log" | cut -d/ -f2 | sed 's/\.build$//'
} | LC_ALL=C sort -u | grep -vxE 'main|App|StoreLibrary|SharingLibrary' | tr '\n' ' ')"
echo "mirror-dropin: compiled of this package: ${built}"
expected="CPerceptionRuntime Perception PerceptionCore PerceptionMacroExpansion PerceptionMacros "
[ "$built" = "$expected" ] || fail "the app's build compiled ${built}instead of ${expected}"

# A watchdog: a Perceptions element that never arrives would otherwise hang CI.
timeout 60 "$(swift build "${swiftpm[@]}" -Xswiftc -warnings-as-errors --show-bin-path)/App" \
  || fail "the app's checks (above)"

# Out of range: the same clone tagged $outside only; TCA's requirement must not resolve.
git -C "$work/perception" tag -d "$version" > /dev/null
git -C "$work/perception" tag "$outside"
rm -f Package.resolved
if swift package "${swiftpm[@]}" --scratch-path "$work/outside" resolve > "$work/outside.log" 2>&1; then
  fail "the mirror tagged $outside resolved under \"1.3.4\"..<\"3.0.0\""
fi
# The package's identity in SwiftPM's messages is the mirror's last path component.
grep -qE "no versions of '(swift-)?perception' match the requirement" "$work/outside.log" \
  || { cat "$work/outside.log" >&2; fail "resolution at $outside failed for another reason"; }
echo "mirror-dropin: tagged $outside instead, resolution fails as it should:"
grep -m 1 "^error" "$work/outside.log"

echo "mirror-dropin: passed: swapped in for swift-perception $version by mirror under a" \
  "TCA-shaped and a swift-sharing-shaped library, in $((SECONDS - start)) s"
