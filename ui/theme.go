package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"waymark/mapview"
)

// Theme choices kept in state.State.Theme.
const (
	themeSystem = ""      // follow the system's light or dark variant
	themeLight  = "light" // the daylight look: light panels, light map
	themeDark   = "dark"
)

// minTextSize is the smallest text the window writes, in logical pixels:
// legible body text at 1280×800.
const minTextSize = 12

// appTheme is Fyne's default theme, light or dark as chosen in the window
// (or as the system says), with legible secondary text: Fyne draws
// low-importance labels in its "disabled" colour, which is nearly
// invisible on both backgrounds, while this window uses such labels for
// addresses, distances and hints. Dim text, place holders and links meet
// WCAG AA (4.5:1) on the background in both looks; no text is below
// minTextSize.
type appTheme struct {
	fyne.Theme
	variant *fyne.ThemeVariant // nil: the system's
}

func newAppTheme(choice string) fyne.Theme {
	t := &appTheme{Theme: theme.DefaultTheme()}
	switch choice {
	case themeLight:
		v := theme.VariantLight
		t.variant = &v
	case themeDark:
		v := theme.VariantDark
		t.variant = &v
	}
	return t
}

// Color uses the chosen variant, adjusts the disabled colour and
// delegates the rest.
func (t *appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if t.variant != nil {
		v = *t.variant
	}
	dark := v == theme.VariantDark || (v != theme.VariantLight && mapview.IsDark(t.Theme.Color(theme.ColorNameBackground, v)))
	switch n {
	case theme.ColorNameDisabled, theme.ColorNamePlaceHolder:
		if dark {
			return color.NRGBA{0x8a, 0x8a, 0x8e, 0xff}
		}
		return color.NRGBA{0x6b, 0x6b, 0x70, 0xff}
	case theme.ColorNameHyperlink:
		if dark {
			return color.NRGBA{0x6c, 0xb4, 0xf8, 0xff}
		}
		return color.NRGBA{0x15, 0x65, 0xc0, 0xff}
	}
	return t.Theme.Color(n, v)
}

// Size keeps every text size at minTextSize or more (Fyne's captions are 11).
func (t *appTheme) Size(n fyne.ThemeSizeName) float32 {
	s := t.Theme.Size(n)
	switch n {
	case theme.SizeNameText, theme.SizeNameCaptionText:
		return max(s, minTextSize)
	}
	return s
}

// dark reports whether the window shows its dark look.
func (w *Window) dark() bool {
	switch w.st.Theme {
	case themeLight:
		return false
	case themeDark:
		return true
	}
	// The system's variant, as the theme draws it (an unknown variant
	// draws dark).
	return mapview.IsDark(theme.DefaultTheme().Color(theme.ColorNameBackground, w.app.Settings().ThemeVariant()))
}

// setTheme switches the window and map to choice (themeLight, themeDark or
// themeSystem) and remembers it.
func (w *Window) setTheme(choice string) {
	w.st.Theme = choice
	w.applyingTheme.Store(true)
	w.app.Settings().SetTheme(newAppTheme(choice)) // refreshes every widget
	w.applyingTheme.Store(false)
	w.themeChanged()
	w.scheduleSave()
}

// toggleTheme switches between the light and dark looks.
func (w *Window) toggleTheme() {
	if w.dark() {
		w.setTheme(themeLight)
	} else {
		w.setTheme(themeDark)
	}
}

// themeChanged updates what does not follow the theme by itself: the
// theme button, the map's tiles and the colours kept in canvas objects.
func (w *Window) themeChanged() {
	if w.themeBt != nil {
		if w.dark() {
			w.themeBt.SetIcon(sunIcon)
			w.themeBt.SetText("Light")
		} else {
			w.themeBt.SetIcon(moonIcon)
			w.themeBt.SetText("Dark")
		}
	}
	w.updateTiler()
	for _, f := range w.themeListeners {
		f()
	}
}

// newThemeButton makes the header's theme switch: it shows the look it
// switches to.
func (w *Window) newThemeButton() *widget.Button {
	w.themeBt = widget.NewButtonWithIcon("", nil, w.toggleTheme)
	w.themeBt.Importance = widget.LowImportance
	w.themeChanged()
	return w.themeBt
}

// Sun and moon for the theme switch (Material Design icons, Apache License 2.0).
var (
	sunIcon = theme.NewThemedResource(fyne.NewStaticResource("light-mode.svg", []byte(
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 7c-2.76 0-5 2.24-5 5s2.24 5 5 5 5-2.24 5-5-2.24-5-5-5zM2 13h2c.55 0 1-.45 1-1s-.45-1-1-1H2c-.55 0-1 .45-1 1s.45 1 1 1zm18 0h2c.55 0 1-.45 1-1s-.45-1-1-1h-2c-.55 0-1 .45-1 1s.45 1 1 1zM11 2v2c0 .55.45 1 1 1s1-.45 1-1V2c0-.55-.45-1-1-1s-1 .45-1 1zm0 18v2c0 .55.45 1 1 1s1-.45 1-1v-2c0-.55-.45-1-1-1s-1 .45-1 1zM5.99 4.58a.996.996 0 0 0-1.41 0 .996.996 0 0 0 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0s.39-1.03 0-1.41L5.99 4.58zm12.37 12.37a.996.996 0 0 0-1.41 0 .996.996 0 0 0 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0a.996.996 0 0 0 0-1.41l-1.06-1.06zm1.06-10.96a.996.996 0 0 0 0-1.41.996.996 0 0 0-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0l1.06-1.06zM7.05 18.36a.996.996 0 0 0 0-1.41.996.996 0 0 0-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0l1.06-1.06z"/></svg>`)))
	moonIcon = theme.NewThemedResource(fyne.NewStaticResource("dark-mode.svg", []byte(
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.389 5.389 0 0 1-4.4 2.26 5.403 5.403 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1z"/></svg>`)))
)
