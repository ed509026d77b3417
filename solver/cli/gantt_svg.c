/* gantt_svg.c — the Gantt chart of a schedule as an SVG document (schedule_files.h): one row
 * per machine, one bar per operation in its job's colour, job numbers inside the bars wide
 * enough for them, a time axis with round ticks, the makespan marked, and a title with the
 * instance's name (escaped for XML). The canvas grows with the number of jobs up to a limit,
 * the rows shrink with the number of machines: 20 jobs get wide labelled bars, 500 jobs thin
 * unlabelled ones. Operation bars, and only they, are rect elements of class "op" with the
 * id "op-JOB-MACHINE" (numbered from 1): x = left + start * scale, width = duration * scale. */
#include "schedule_files.h"

#include <glib.h>
#include <math.h>
#include <stdio.h>

enum {
    LEFT = 64,           /* room for the machine labels */
    RIGHT = 28,
    TOP = 62,            /* title, subtitle and the makespan label */
    BOTTOM = 48,         /* tick labels and the axis title */
    MIN_PLOT_WIDTH = 960,
    MAX_PLOT_WIDTH = 2000,
    PIXELS_PER_JOB = 4,  /* plot width per job between those bounds */
    ROWS_HEIGHT = 560,   /* the rows share about this much height... */
    MAX_ROW = 32,        /* ...each between these pitches */
    MIN_ROW = 3,
    MIN_TICK_SPACING = 80,
    MIN_OUTLINED_BAR = 8, /* mean bar width from which bars are outlined */
    MIN_LABEL_FONT = 7,   /* no job numbers in bars thinner than this font needs */
    MIN_LABEL_PITCH = 12 /* machine labels at least this far apart */
};

/* text, made valid UTF-8 and escaped for XML character data and attribute values: the five
 * markup characters as entities, characters XML 1.0 forbids (C0 controls, U+FFFE, U+FFFF)
 * as U+FFFD. Freed by the caller. */
static gchar *xml_text(const char *text)
{
    gchar *valid = g_utf8_make_valid(text, -1);
    GString *out = g_string_new(NULL);
    for (const gchar *c = valid; *c; c = g_utf8_next_char(c)) {
        const gunichar ch = g_utf8_get_char(c);
        switch (ch) {
        case '&': g_string_append(out, "&amp;"); break;
        case '<': g_string_append(out, "&lt;"); break;
        case '>': g_string_append(out, "&gt;"); break;
        case '"': g_string_append(out, "&quot;"); break;
        case '\'': g_string_append(out, "&apos;"); break;
        default:
            g_string_append_unichar(out, ch < 0x20 || ch == 0xfffe || ch == 0xffff ? 0xfffd : ch);
            break;
        }
    }
    g_free(valid);
    return g_string_free(out, FALSE);
}

/* The colour of the job at position i of the order: hues a golden angle apart, so that
 * neighbouring bars never look alike, and two lightnesses in turn. "#rrggbb" into colour;
 * *dark is 1 when white text reads better on it. */
static void job_colour(int position, char colour[8], int *dark)
{
    const double hue = fmod(position * 137.50776, 360.0) / 60.0;
    const double saturation = 0.62, lightness = position % 2 ? 0.70 : 0.52;
    const double chroma = (1 - fabs(2 * lightness - 1)) * saturation;
    const double x = chroma * (1 - fabs(fmod(hue, 2.0) - 1));
    double rgb[3] = {0, 0, 0};
    const int sector = (int)hue % 6;
    const int first[6] = {0, 1, 1, 2, 2, 0}, second[6] = {1, 0, 2, 1, 0, 2};
    rgb[first[sector]] = chroma;
    rgb[second[sector]] = x;
    const double shift = lightness - chroma / 2;
    int channel[3];
    for (int c = 0; c < 3; c++)
        channel[c] = (int)lround((rgb[c] + shift) * 255);
    snprintf(colour, 8, "#%02x%02x%02x", channel[0], channel[1], channel[2]);
    *dark = 0.299 * channel[0] + 0.587 * channel[1] + 0.114 * channel[2] < 110;
}

/* The round step (1, 2 or 5 times a power of ten) that puts ticks at least min_step apart. */
static int tick_step(double min_step)
{
    double power = 1;
    while (power * 10 <= min_step)
        power *= 10;
    for (;;) {
        const int multiples[3] = {1, 2, 5};
        for (int i = 0; i < 3; i++)
            if (multiples[i] * power >= min_step)
                return (int)(multiples[i] * power);
        power *= 10;
    }
}

static int clamp(int value, int low, int high)
{
    return value < low ? low : value > high ? high : value;
}

int gantt_svg_write(FILE *file, const schedule *s)
{
    const int n = s->jobs, m = s->machines;
    const int plot_width = clamp(PIXELS_PER_JOB * n, MIN_PLOT_WIDTH, MAX_PLOT_WIDTH);
    const int pitch = clamp(ROWS_HEIGHT / m, MIN_ROW, MAX_ROW);
    const int gap = pitch >= 8 ? pitch / 4 : pitch >= 4 ? 1 : 0;
    const int bar = pitch - gap;
    const int plot_height = pitch * m;
    const int width = LEFT + plot_width + RIGHT, height = TOP + plot_height + BOTTOM;
    const double scale = (double)plot_width / (s->makespan > 0 ? s->makespan : 1);
    const double font = bar - 2 < 11 ? bar - 2 : 11;

    gchar *name = xml_text(s->name);
    fprintf(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(file,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\">\n",
            width, height, width, height);
    fprintf(file, "<title>%s: Gantt chart, makespan %d</title>\n", name, s->makespan);
    fprintf(file, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
    fprintf(file, "<text x=\"%d\" y=\"24\" font-size=\"16\" font-weight=\"bold\">%s: %d %s \xc3\x97 %d %s</text>\n",
            LEFT, name, n, n == 1 ? "job" : "jobs", m, m == 1 ? "machine" : "machines");
    fprintf(file,
            "<text x=\"%d\" y=\"42\" font-size=\"12\" fill=\"#555555\">makespan %d%s; one row per machine, one "
            "colour per job, jobs and machines numbered from 1</text>\n",
            LEFT, s->makespan, s->optimal ? " (optimal)" : " (best found)");
    g_free(name);

    /* Rows, shaded in turn, with their machine labels: all, or the first and every multiple
     * of a round step when the rows are thin. */
    const int label_step = tick_step((double)MIN_LABEL_PITCH / pitch);
    for (int k = 0; k < m; k++) {
        const int y = TOP + k * pitch;
        if (k % 2)
            fprintf(file, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\"/>\n", LEFT, y,
                    plot_width, pitch);
        if (k == 0 || (k + 1) % label_step == 0)
            fprintf(file,
                    "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"#333333\">M%d</text>\n",
                    LEFT - 8, y + gap / 2.0 + bar / 2.0 + 4, k + 1);
    }

    /* Time axis: grid lines and labels at round ticks. */
    const int step = tick_step(MIN_TICK_SPACING / scale);
    const int axis_y = TOP + plot_height;
    for (long long t = 0; t <= s->makespan; t += step) {
        const double x = LEFT + t * scale;
        fprintf(file, "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" stroke=\"#d0d0d0\" stroke-width=\"1\"/>\n",
                x, TOP, x, axis_y + 5);
        fprintf(file, "<text x=\"%.2f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"#333333\">%lld</text>\n",
                x, axis_y + 18, t);
    }
    fprintf(file, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\" stroke-width=\"1\"/>\n", LEFT,
            axis_y, LEFT + plot_width, axis_y);
    fprintf(file, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333333\">time</text>\n",
            LEFT + plot_width / 2, axis_y + 38);

    /* The operations, machine by machine in time order: bars, outlined by a hairline of
     * white while they are wide enough to spare it, then the job numbers that fit. */
    fprintf(file, plot_width / n >= MIN_OUTLINED_BAR ? "<g stroke=\"#ffffff\" stroke-width=\"0.5\">\n" : "<g>\n");
    for (int labels = 0; labels < 2; labels++) {
        for (int k = 0; k < m; k++) {
            const double y = TOP + k * pitch + gap / 2.0;
            for (int i = 0; i < n; i++) {
                const int job = s->order[i], start = s->start[k * n + job];
                const int end = start + fsbb_instance_time(s->instance, k, job);
                const double x = LEFT + start * scale, bar_width = (end - start) * scale;
                char colour[8];
                int dark;
                job_colour(i, colour, &dark);
                const int digits = snprintf(NULL, 0, "%d", job + 1);
                if (!labels)
                    fprintf(file,
                            "<rect class=\"op\" id=\"op-%d-%d\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" "
                            "fill=\"%s\"><title>job %d on machine %d: %d to %d</title></rect>\n",
                            job + 1, k + 1, x, y, bar_width, bar, colour, job + 1, k + 1, start, end);
                else if (font >= MIN_LABEL_FONT && bar_width >= digits * 0.62 * font + 4)
                    fprintf(file, "<text x=\"%.2f\" y=\"%.2f\" fill=\"%s\">%d</text>\n", x + bar_width / 2,
                            y + bar / 2.0 + font * 0.36, dark ? "#ffffff" : "#000000", job + 1);
            }
        }
        fputs("</g>\n", file);
        if (!labels)
            fprintf(file, "<g font-size=\"%.0f\" text-anchor=\"middle\">\n", font);
    }

    /* The makespan: a dashed line across the rows and its value above them. */
    const double end_x = LEFT + s->makespan * scale;
    fprintf(file,
            "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" stroke=\"#c0392b\" stroke-width=\"2\" "
            "stroke-dasharray=\"6 3\"/>\n",
            end_x, TOP - 6, end_x, axis_y + 5);
    /* Ending at the line, unless the label (about 7 px a character) would reach left of the rows. */
    const int label_end = end_x - LEFT >= 7.0 * (9 + 11);
    fprintf(file,
            "<text x=\"%.2f\" y=\"%d\" font-size=\"11\" text-anchor=\"%s\" fill=\"#c0392b\">makespan %d</text>\n",
            end_x, TOP - 10, label_end ? "end" : "start", s->makespan);
    fprintf(file, "</svg>\n");
    return ferror(file) ? -1 : 0;
}
