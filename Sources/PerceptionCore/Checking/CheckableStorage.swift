/// A registrar's storage, on either engine, as perception checking sees it: whether the reads
/// of its object may be reported. Checking asks the storage, so that it names none of the
/// registrar's types, which sit in a layer above it.
@usableFromInline
protocol CheckableStorage: AnyObject {
  /// The `isPerceptionCheckingEnabled` the registrar was made with: false, and its reads are
  /// never reported.
  var isPerceptionCheckingEnabled: Bool { get }
}
