/// The package's `Fonts/`, `Templates/` and `public/` as SwiftPM resources (the target's
/// `resources:` in Package.swift). Its code is this list; its job is to make SwiftPM copy
/// the folders into `<package>_SIWAResources.resources/` beside every executable that
/// depends on `SIWAServer`, where `ResourceDirectory` finds them when neither the
/// install layout nor this source tree is there (an app of another package).
package enum SIWAResources {
    /// The folders shipped, as `ResourceDirectory.find` names them.
    package static let folders = ["Fonts", "Templates", "public"]
}
