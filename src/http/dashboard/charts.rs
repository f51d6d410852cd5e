//! Charts drawn on the server as SVG: one bar a day (or hour, week, month), with the numbers also in a table for
//! screen readers and for reading exact values. Colours come from attributes and the
//! stylesheet, never inline styles, so the page's policy allows them.

use chrono::NaiveDate;
use maud::{html, Markup};

/// The drawing's size in its own units; it scales to the width of the page.
const WIDTH: f64 = 300.0;
const HEIGHT: f64 = 120.0;
/// Room under the bars for the first and last dates.
const AXIS: f64 = 16.0;

/// A bar chart of a daily series, oldest day first, titled `title` (`id` names it on the page).
pub fn daily_chart(id: &str, title: &str, points: &[(NaiveDate, u64)]) -> Markup {
    let points: Vec<(String, u64)> = points.iter().map(|(d, n)| (d.to_string(), *n)).collect();
    bar_chart(id, title, "Day (UTC)", &points, &|n| n.to_string())
}

/// A bar chart of one number per period (a day, a week, an hour), oldest first, titled
/// `title`; `period` heads the table's first column, and `shown` writes a number (a count,
/// or money).
pub fn bar_chart(
    id: &str,
    title: &str,
    period: &str,
    points: &[(String, u64)],
    shown: &dyn Fn(u64) -> String,
) -> Markup {
    let total: u64 = points.iter().map(|(_, n)| n).sum();
    let highest = points.iter().map(|(_, n)| *n).max().unwrap_or(0).max(1);
    let slot = WIDTH / points.len().max(1) as f64;
    let bar = (slot * 0.8).max(0.5);
    let plot = HEIGHT - AXIS;
    html! {
        figure.chart data-chart=(id) aria-labelledby={ (id) "-title" } {
            figcaption #{ (id) "-title" } { (title) ": " strong { (shown(total)) } }
            svg viewBox={ "0 0 " (WIDTH) " " (HEIGHT) } role="img"
                aria-label={ (title) ", " (points.len()) " periods, " (shown(total)) " in all" } {
                line x1="0" y1=(plot) x2=(WIDTH) y2=(plot) class="axis" {}
                @for (i, (label, n)) in points.iter().enumerate() {
                    @let h = (*n as f64 / highest as f64) * (plot - 4.0);
                    rect x=(format!("{:.2}", i as f64 * slot + (slot - bar) / 2.0)) y=(format!("{:.1}", plot - h))
                        width=(format!("{bar:.2}")) height=(format!("{h:.1}")) class="bar" {
                        title { (label) ": " (shown(*n)) }
                    }
                }
                text x="0" y=(HEIGHT - 3.0) class="label" { (points.first().map(|(l, _)| l.as_str()).unwrap_or_default()) }
                text x=(WIDTH) y=(HEIGHT - 3.0) text-anchor="end" class="label" {
                    (points.last().map(|(l, _)| l.as_str()).unwrap_or_default())
                }
                text x="2" y="10" class="label" { "max " (shown(highest)) }
            }
            details {
                summary { "Numbers by period" }
                div.scroll { table {
                    thead { tr { th scope="col" { (period) } th scope="col" .num { (title) } } }
                    tbody {
                        @for (label, n) in points.iter().rev() { tr { td { (label) } td.num data-value=(n) { (shown(*n)) } } }
                    }
                } }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_has_a_bar_a_day_scaled_to_the_highest_and_the_numbers_in_a_table() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 11, d).unwrap();
        let html = daily_chart("signups", "Signups", &[(day(1), 2), (day(2), 0), (day(3), 4)]).into_string();
        assert_eq!(html.matches("<rect").count(), 3);
        assert!(html.contains("Signups: <strong>6</strong>"), "{html}");
        assert!(html.contains("<title>2026-11-03: 4</title>"));
        assert!(html.contains("height=\"100.0\""), "the highest bar fills the plot: {html}");
        assert!(html.contains("height=\"0.0\""), "an empty day has no height");
        assert!(html.contains("<td>2026-11-02</td><td class=\"num\" data-value=\"0\">0</td>"), "{html}");
        assert!(!html.contains("style="), "no inline styles");
    }
}
