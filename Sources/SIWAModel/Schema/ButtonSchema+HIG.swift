extension ButtonSchema {
    /// Apple's Human Interface Guidelines numbers for the button, in points: the one
    /// definition the parser's defaults, the linter's rules, the editor and the docs use.
    public enum HIG {
        /// The narrowest a button with a title should be: 140 pt (280 px @2x). Apple's
        /// default `width` is this minimum.
        public static let minimumWidth = 140
        /// The lowest a button should be: 30 pt.
        public static let minimumHeight = 30
    }
}
