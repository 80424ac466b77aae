/// A registrar's storage, on either engine, as perception checking sees it, so that Checking
/// names none of the registrar's types, which sit in a layer above it.
@usableFromInline
protocol CheckableStorage: AnyObject {
  /// False when the registrar was made with `isPerceptionCheckingEnabled: false`: its reads
  /// are never reported.
  var isPerceptionCheckingEnabled: Bool { get }
}
