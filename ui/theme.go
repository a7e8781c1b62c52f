package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// appTheme is Fyne's default theme, light or dark as the system says, with
// legible secondary text: Fyne draws low-importance labels in its
// "disabled" colour, which is nearly invisible on both backgrounds, while
// this window uses such labels for addresses, distances and hints.
type appTheme struct{ fyne.Theme }

func newAppTheme() fyne.Theme { return &appTheme{Theme: theme.DefaultTheme()} }

// Color adjusts the disabled colour and delegates the rest.
func (t *appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameDisabled {
		if v == theme.VariantDark {
			return color.NRGBA{0x8a, 0x8a, 0x8e, 0xff}
		}
		return color.NRGBA{0x80, 0x80, 0x86, 0xff}
	}
	return t.Theme.Color(n, v)
}
