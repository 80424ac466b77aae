// A module named `Charts` with the one Charts API that Sources/PerceptionCore/SwiftUI uses, for the
// Linux compile check (see Tests/SwiftUIStandIn/README.md).

import SwiftUI

/// Charts' `ChartContent`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@MainActor @preconcurrency
public protocol ChartContent {
  /// The content this renders as.
  associatedtype Body: ChartContent
  /// The chart's content.
  @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Charts' `ChartContentBuilder`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@resultBuilder
public struct ChartContentBuilder {
  /// One mark.
  public static func buildBlock<Content: ChartContent>(_ content: Content) -> Content { content }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension Never: ChartContent {
  /// Never called.
  public var body: Never { fatalError("a primitive has no body") }
}
