/* test_options.c — the option table (fsbb_option_info) against what it drives: the defaults
 * of fsbb_options_new, fsbb_options_set and fsbb_options_get by name and by alias, the
 * ranges and words it lists, and copies that own their file names. */
#include "flowshopbb.h"
#include "options.h"
#include "suites.h"

#include <stdio.h>
#include <string.h>

static int option_count(void)
{
    int count = 0;
    while (fsbb_option_info(count))
        count++;
    return count;
}

static void test_table_complete(void)
{
    const int count = option_count();
    CU_ASSERT(count > 20);
    CU_ASSERT_PTR_NULL(fsbb_option_info(-1));
    for (int o = 0; o < count; o++) {
        const fsbb_option_spec *spec = fsbb_option_info(o);
        CU_ASSERT_PTR_NOT_NULL(spec->name);
        CU_ASSERT_PTR_NOT_NULL(spec->default_value);
        CU_ASSERT_PTR_NOT_NULL(spec->group);
        CU_ASSERT(spec->help && strlen(spec->help) > 10);
        const int takes_words = spec->kind == FSBB_OPTION_WORD || spec->kind == FSBB_OPTION_UPPER_BOUND;
        CU_ASSERT_EQUAL(spec->words != NULL, takes_words);
        CU_ASSERT(takes_words && spec->kind == FSBB_OPTION_WORD ? 1 : spec->placeholder != NULL);
        for (int other = 0; other < o; other++)
            CU_ASSERT_STRING_NOT_EQUAL(fsbb_option_info(other)->name, spec->name);
    }
}

/* Every option of new options reads back as its default. */
static void test_defaults_read_back(void)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    char buffer[64];
    for (int o = 0; fsbb_option_info(o); o++) {
        const fsbb_option_spec *spec = fsbb_option_info(o);
        const char *value = fsbb_options_get(options, spec->name, buffer, sizeof buffer);
        CU_ASSERT_PTR_NOT_NULL_FATAL(value);
        if (strcmp(value, spec->default_value) != 0)
            fprintf(stderr, "\n%s: default %s reads back as %s\n", spec->name, spec->default_value, value);
        CU_ASSERT_STRING_EQUAL(value, spec->default_value);
    }
    fsbb_options_free(options);
}

/* Each word of a word option is set and read back; a word of no option's list is refused. */
static void test_words_round_trip(void)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    char buffer[64];
    fsbb_error err;
    for (int o = 0; fsbb_option_info(o); o++) {
        const fsbb_option_spec *spec = fsbb_option_info(o);
        for (int w = 0; spec->words && spec->words[w]; w++) {
            CU_ASSERT_EQUAL(fsbb_options_set(options, spec->name, spec->words[w], &err), FSBB_OK);
            CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, spec->name, buffer, sizeof buffer), spec->words[w]);
        }
        if (spec->words) {
            CU_ASSERT_EQUAL(fsbb_options_set(options, spec->name, "no-such-word", &err), FSBB_ERR_ARGUMENT);
            CU_ASSERT_PTR_NOT_NULL(strstr(err.message, spec->name));
        }
    }
    fsbb_options_free(options);
}

/* The ends of a numeric range are taken, the numbers past them refused. */
static void test_ranges(void)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    fsbb_error err;
    char text[64];
    for (int o = 0; fsbb_option_info(o); o++) {
        const fsbb_option_spec *spec = fsbb_option_info(o);
        if (spec->kind != FSBB_OPTION_INTEGER && spec->kind != FSBB_OPTION_NUMBER &&
            spec->kind != FSBB_OPTION_UPPER_BOUND)
            continue;
        snprintf(text, sizeof text, "%.0f", spec->maximum);
        CU_ASSERT_EQUAL(fsbb_options_set(options, spec->name, text, &err), FSBB_OK);
        snprintf(text, sizeof text, "%.0f", spec->minimum - 1);
        CU_ASSERT_EQUAL(fsbb_options_set(options, spec->name, text, &err), FSBB_ERR_ARGUMENT);
        snprintf(text, sizeof text, "%.0f", spec->maximum * 2 + 1);
        CU_ASSERT_EQUAL(fsbb_options_set(options, spec->name, text, &err), FSBB_ERR_ARGUMENT);
    }
    fsbb_options_free(options);
}

/* "-0" (and "-0%") is taken as 0 and echoed "0", never "-0" (the JSON's gap_limit). */
static void test_negative_zero(void)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    char buffer[64];
    static const char *const settings[][2] = {
        {"gap", "-0"}, {"gap", "-0%"}, {"time-limit", "-0"}, {"time-limit", "-0.0"}};
    for (size_t i = 0; i < sizeof settings / sizeof *settings; i++) {
        CU_ASSERT_EQUAL(fsbb_options_set(options, settings[i][0], settings[i][1], NULL), FSBB_OK);
        CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, settings[i][0], buffer, sizeof buffer), "0");
    }
    fsbb_options_free(options);
}

/* An alias sets the option it names; get answers by either name. */
static void test_alias(void)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    char buffer[64];
    int aliases = 0;
    for (int o = 0; fsbb_option_info(o); o++) {
        const fsbb_option_spec *spec = fsbb_option_info(o);
        if (!spec->alias)
            continue;
        aliases++;
        const char *word = spec->words ? spec->words[0] : "1";
        CU_ASSERT_EQUAL(fsbb_options_set(options, spec->alias, word, NULL), FSBB_OK);
        CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, spec->name, buffer, sizeof buffer), word);
        CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, spec->alias, buffer, sizeof buffer), word);
    }
    CU_ASSERT(aliases >= 1); /* refactor, branch-free's former name */
    fsbb_options_free(options);
}

/* A copy owns its file names: freeing the original leaves them readable. */
static void test_copy_owns_files(void)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "checkpoint", "search.ckpt", NULL), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "resume", "earlier.ckpt", NULL), FSBB_OK);
    fsbb_options *copy = fsbb_options_copy(options);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "checkpoint", "", NULL), FSBB_OK);
    fsbb_options_free(options);
    char buffer[64];
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(copy, "checkpoint", buffer, sizeof buffer), "search.ckpt");
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(copy, "resume", buffer, sizeof buffer), "earlier.ckpt");
    fsbb_options_free(copy);
}

/* Options set through fsbb_options_set are told apart from defaults (a resumed search takes
 * the tree's options it was not given from its checkpoint), a default value set included,
 * aliases too, a refused value not; a copy keeps the marks. */
static void test_given(void)
{
    fsbb_options *options = fsbb_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(options);
    CU_ASSERT_FALSE(fsbb_options_given(options, "lb"));
    CU_ASSERT_EQUAL(fsbb_options_set(options, "lb", "lb1", NULL), FSBB_OK);
    CU_ASSERT_TRUE(fsbb_options_given(options, "lb"));
    CU_ASSERT_NOT_EQUAL(fsbb_options_set(options, "branch", "sideways", NULL), FSBB_OK);
    CU_ASSERT_FALSE(fsbb_options_given(options, "branch"));
    CU_ASSERT_EQUAL(fsbb_options_set(options, "refactor", "trig", NULL), FSBB_OK);
    CU_ASSERT_TRUE(fsbb_options_given(options, "branch-free"));
    CU_ASSERT_FALSE(fsbb_options_given(options, "lb2-pairs"));
    CU_ASSERT_FALSE(fsbb_options_given(options, "no-such-option"));
    fsbb_options *copy = fsbb_options_copy(options);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    CU_ASSERT_TRUE(fsbb_options_given(copy, "lb"));
    CU_ASSERT_FALSE(fsbb_options_given(copy, "branch"));
    fsbb_options_free(copy);
    fsbb_options_free(options);
}

FSBB_SUITE("options",
           {"the table lists each option once, with its default, heading and help", test_table_complete},
           {"new options read back as the table's defaults", test_defaults_read_back},
           {"every word of a word option is set and read back; others are refused", test_words_round_trip},
           {"numbers at the ends of a range are taken, past them refused", test_ranges},
           {"-0 is taken as 0", test_negative_zero},
           {"an alias sets the option it names", test_alias},
           {"a copy owns its file names", test_copy_owns_files},
           {"options set are told apart from defaults", test_given})
