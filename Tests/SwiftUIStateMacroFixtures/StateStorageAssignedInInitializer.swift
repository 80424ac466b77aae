import SwiftUI

/// Compiles only where `State` is the property wrapper: the shape `WithPerceptionTracking` had
/// before Xcode 27, an initializer that assigns the state's storage (`_tracker = State(...)`).
///
/// In no target. .ci/swiftui-stand-in.sh compiles it against the stand-in twice and expects it
/// to compile with the property wrapper and to fail with the `@State` macro, so that the
/// shells' compile against the macro is known to see what it is there to see.
struct StateStorageAssignedInInitializer: View {
  @State private var count: Int?

  init(count: Int) {
    _count = State(wrappedValue: count)
  }

  var body: EmptyView { EmptyView() }
}
