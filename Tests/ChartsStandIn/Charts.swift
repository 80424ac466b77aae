// A module named `Charts` with the one Charts API that Sources/PerceptionCore/SwiftUI uses, for the
// Linux compile check (see Tests/SwiftUIStandIn/README.md).

import SwiftUI

/// Charts' `ChartContent`.
@MainActor @preconcurrency
public protocol ChartContent {
  /// The content this renders as.
  associatedtype Body: ChartContent
  /// The chart's content.
  @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Charts' `ChartContentBuilder`.
@resultBuilder
public struct ChartContentBuilder {
  /// One mark.
  public static func buildBlock<Content: ChartContent>(_ content: Content) -> Content { content }
}

extension Never: ChartContent {
  /// Never called.
  public var body: Never { fatalError("a primitive has no body") }
}
