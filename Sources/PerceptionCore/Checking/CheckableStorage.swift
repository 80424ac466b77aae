/// A registrar's storage as perception checking sees it: Checking sits below the registrar.
@usableFromInline
protocol CheckableStorage: AnyObject {
  var isPerceptionCheckingEnabled: Bool { get }
}
