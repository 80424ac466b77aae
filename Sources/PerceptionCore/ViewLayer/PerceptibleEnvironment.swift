/// What a perceptible object's environment entry reports where no ancestor placed one.
package enum PerceptibleEnvironment {
  /// The message of the failure: which type is missing, and what places it.
  package static func missingObjectMessage(_ type: Any.Type) -> String {
    "Perception: no object of type \(type) was found in the environment. An ancestor of this "
      + "view must place one with .environment(object) (View.environment(_:)); to read an "
      + "object that may be missing, declare @Environment(\(type).self) var object: \(type)?."
  }
}
