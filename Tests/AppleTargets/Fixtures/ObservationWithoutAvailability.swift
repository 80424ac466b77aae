// Negative control (Tests/AppleTargets/README.md): client code that calls iOS 17 / macOS 14 API
// of Observation with no `if #available` and no `@available`. It must fail to typecheck for
// arm64-apple-ios13.0 and x86_64-apple-macosx10.15, with "is only available in iOS 17.0 or newer"
// (macOS 14.0), and pass for arm64-apple-ios17.0 and x86_64-apple-macosx14.0; if it ever passes
// on the older targets, the check has gone blind (no availability is being enforced).
import Observation

final class Model: @unchecked Sendable {
  let registrar = ObservationRegistrar()
}

func track(_ model: Model) {
  withObservationTracking {
    _ = model.registrar
  } onChange: {
    print("changed")
  }
}
