#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  import SwiftUI
  #if canImport(Charts)
    import Charts
  #endif

  @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
  extension WithPerceptionTracking: Scene where Content: Scene {}

  @available(iOS 14, macOS 11, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  extension WithPerceptionTracking: Commands where Content: Commands {}

  @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
  extension WithPerceptionTracking: ToolbarContent where Content: ToolbarContent {}

  @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
  extension WithPerceptionTracking: CustomizableToolbarContent
  where Content: CustomizableToolbarContent {}

  @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
  extension WithPerceptionTracking: AccessibilityRotorContent
  where Content: AccessibilityRotorContent {}

  @available(iOS 16, macOS 12, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  extension WithPerceptionTracking: TableColumnContent where Content: TableColumnContent {
    /// The rows' type, the content's.
    public typealias TableRowValue = Content.TableRowValue
    /// The columns' sort comparator, the content's.
    public typealias TableColumnSortComparator = Content.TableColumnSortComparator
    /// Never asked for: SwiftUI makes the columns with `_makeContent`.
    public typealias TableColumnBody = Never

    /// Never called: see `_makeContent(content:inputs:)`.
    nonisolated public var tableColumnBody: Never {
      fatalError("WithPerceptionTracking's columns are made from its tracked body")
    }

    /// Makes the columns from the tracked body's graph value, as SwiftUI does before iOS 17.
    nonisolated public static func _makeContent(
      content: _GraphValue<WithPerceptionTracking<Content>>, inputs: _TableColumnInputs
    ) -> _TableColumnOutputs {
      Content._makeContent(content: content[\.body], inputs: inputs)
    }
  }

  @available(iOS 16, macOS 12, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  extension WithPerceptionTracking: TableRowContent where Content: TableRowContent {
    /// The rows' type, the content's.
    public typealias TableRowValue = Content.TableRowValue

    // The rows are the tracked body, as the documented `tableRowBody` allows (swift-perception
    // leaves them to underscored requirements); untested on an Apple system (Tests/README.md).
    /// The rows, tracked.
    public var tableRowBody: Content { body }
  }

  #if canImport(Charts)
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    extension WithPerceptionTracking: ChartContent where Content: ChartContent {}
  #endif

  @available(
    iOS, deprecated: 17, message: "'WithPerceptionTracking' is no longer needed in iOS 17+."
  )
  @available(
    macOS, deprecated: 14, message: "'WithPerceptionTracking' is no longer needed in macOS 14+."
  )
  @available(
    tvOS, deprecated: 17, message: "'WithPerceptionTracking' is no longer needed in tvOS 17+."
  )
  @available(
    watchOS, deprecated: 10, message: "'WithPerceptionTracking' is no longer needed in watchOS 10+."
  )
  extension WithPerceptionTracking {
    /// Creates a tracking scene of the scenes `content` builds.
    @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
    public init(@SceneBuilder content: @escaping () -> Content) where Content: Scene {
      self.init(content: content())
    }

    /// Creates tracking commands of the commands `content` builds.
    @available(iOS 14, macOS 11, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public init(@CommandsBuilder content: @escaping () -> Content) where Content: Commands {
      self.init(content: content())
    }

    /// Creates tracking toolbar content of the items `content` builds.
    @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
    public init(@ToolbarContentBuilder content: @escaping () -> Content)
    where Content: ToolbarContent {
      self.init(content: content())
    }

    /// Creates tracking rotor content of the entries `content` builds.
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
    public init(@AccessibilityRotorContentBuilder content: @escaping () -> Content)
    where Content: AccessibilityRotorContent {
      self.init(content: content())
    }

    /// Creates tracking table columns of the columns `content` builds.
    @available(iOS 16, macOS 12, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public init<RowValue, Comparator>(
      @TableColumnBuilder<RowValue, Comparator> content: @escaping () -> Content
    )
    where
      Content: TableColumnContent, RowValue == Content.TableRowValue,
      Comparator == Content.TableColumnSortComparator
    {
      self.init(content: content())
    }

    /// Creates tracking table rows of the rows `content` builds.
    @available(iOS 16, macOS 12, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public init<RowValue>(@TableRowBuilder<RowValue> content: @escaping () -> Content)
    where Content: TableRowContent, RowValue == Content.TableRowValue {
      self.init(content: content())
    }

    #if canImport(Charts)
      /// Creates tracking chart content of the marks `content` builds.
      @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
      @_disfavoredOverload
      public init(@ChartContentBuilder content: @escaping () -> Content)
      where Content: ChartContent {
        self.init(content: content())
      }
    #endif
  }
#endif
