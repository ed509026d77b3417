/* test_json.c — the JSON writer (solver/tools/json.h): string literals of non-ASCII text, quotes,
 * backslashes, control characters and invalid UTF-8, numbers, null and objects; every
 * string it writes, from random bytes too, checked against JSON's string grammar. */
#include "json.h"
#include "suites.h"

#include <CUnit/CUnit.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

static char *literal_of(const char *text)
{
    GString *out = g_string_new(NULL);
    fsbb_json_string(out, text);
    return g_string_free(out, FALSE);
}

static void expect_literal(const char *text, const char *expected)
{
    char *got = literal_of(text);
    CU_ASSERT_STRING_EQUAL(got, expected);
    g_free(got);
}

/* 1 when literal is exactly one JSON string (RFC 8259, section 7) in valid UTF-8. */
static int valid_json_string(const char *literal)
{
    if (!g_utf8_validate(literal, -1, NULL) || literal[0] != '"')
        return 0;
    const unsigned char *c = (const unsigned char *)literal + 1;
    for (; *c && *c != '"'; c++) {
        if (*c < 0x20)
            return 0;
        if (*c != '\\')
            continue;
        c++;
        if (*c == 'u') {
            for (int i = 1; i <= 4; i++)
                if (!g_ascii_isxdigit(c[i]))
                    return 0;
            c += 4;
        } else if (!*c || !strchr("\"\\/bfnrt", *c)) {
            return 0;
        }
    }
    return *c == '"' && c[1] == '\0';
}

static void test_strings(void)
{
    expect_literal("ta001", "\"ta001\"");
    expect_literal("", "\"\"");
    /* The issue 18 name: UTF-8 passes through, quotes are escaped. */
    expect_literal("t\xc3\xa9st \"q\"", "\"t\xc3\xa9st \\\"q\\\"\"");
    expect_literal("a\\b/c", "\"a\\\\b/c\"");
    expect_literal("\xf0\x9f\x98\x80 \xe2\x82\xac", "\"\xf0\x9f\x98\x80 \xe2\x82\xac\"");
    expect_literal("\b\f\n\r\t", "\"\\b\\f\\n\\r\\t\"");
    expect_literal("\x01x\x1f\x1b[31m", "\"\\u0001x\\u001f\\u001b[31m\"");
    expect_literal("del\x7f", "\"del\x7f\"");
}

static void test_invalid_utf8(void)
{
    const char *const replacement = "\xef\xbf\xbd";
    const char *const invalid[][2] = {
        {"\xff", "\"%s\""},                /* never valid */
        {"a\xc3", "\"a%s\""},              /* truncated sequence at the end */
        {"\xc3(", "\"%s(\""},              /* truncated before ASCII */
        {"\xc0\xaf", "\"%s%s\""},          /* overlong '/' */
        {"\xed\xa0\x80", "\"%s%s%s\""},    /* a UTF-16 surrogate */
        {"\xf4\x90\x80\x80", "\"%s%s%s%s\""}, /* above U+10FFFF */
    };
    for (size_t i = 0; i < G_N_ELEMENTS(invalid); i++) {
        char *got = literal_of(invalid[i][0]);
        CU_ASSERT(valid_json_string(got));
        CU_ASSERT_PTR_NOT_NULL(strstr(got, replacement));
        CU_ASSERT_PTR_NULL(strchr(got, '\\'));
        g_free(got);
    }
}

/* Random byte strings, with many control characters and high bytes, always give one
 * valid JSON string. */
static void test_random_bytes_give_valid_strings(void)
{
    GRand *rand = g_rand_new_with_seed(18);
    char text[64];
    int valid = 0;
    const int rounds = 20000;
    for (int round = 0; round < rounds; round++) {
        const int length = g_rand_int_range(rand, 0, (gint32)sizeof text);
        for (int i = 0; i < length; i++) {
            int byte = g_rand_int_range(rand, 1, 256);
            if (g_rand_boolean(rand))
                byte = "\"\\\n\x01\x7f\xc3\xa9\xe2\x82"[g_rand_int_range(rand, 0, 10)];
            text[i] = (char)byte;
        }
        text[length] = '\0';
        char *got = literal_of(text);
        valid += valid_json_string(got);
        g_free(got);
    }
    CU_ASSERT_EQUAL(valid, rounds);
    g_rand_free(rand);
}

static void test_numbers(void)
{
    GString *out = g_string_new(NULL);
    fsbb_json_integer(out, LLONG_MIN);
    g_string_append_c(out, ' ');
    fsbb_json_unsigned(out, ULLONG_MAX);
    g_string_append_c(out, ' ');
    fsbb_json_real(out, 1.5, 6);
    g_string_append_c(out, ' ');
    fsbb_json_real(out, NAN, 3);
    g_string_append_c(out, ' ');
    fsbb_json_real(out, -INFINITY, 3);
    g_string_append_c(out, ' ');
    fsbb_json_boolean(out, 2);
    g_string_append_c(out, ' ');
    fsbb_json_string_or_null(out, NULL);
    CU_ASSERT_STRING_EQUAL(out->str, "-9223372036854775808 18446744073709551615 1.500000 null null true null");
    g_string_free(out, TRUE);
}

static void test_number_grammar(void)
{
    const char *const numbers[] = {"0", "-0", "12", "1.5", "-0.25", "1e5", "1E+5", "2.5e-3"};
    const char *const not_numbers[] = {"", "-", "0012", "1.", ".5", "1e", "--1", "+1", "1 ", "nan", "inf", "0x10"};
    for (size_t i = 0; i < G_N_ELEMENTS(numbers); i++)
        CU_ASSERT(fsbb_json_is_number(numbers[i]));
    for (size_t i = 0; i < G_N_ELEMENTS(not_numbers); i++)
        CU_ASSERT_FALSE(fsbb_json_is_number(not_numbers[i]));
}

/* A number option's text ("0.15") goes out as a number, anything else as null. */
static void test_number_text(void)
{
    GString *out = g_string_new(NULL);
    fsbb_json_number_text(out, "0.15");
    g_string_append_c(out, ' ');
    fsbb_json_number_text(out, "1e-05");
    g_string_append_c(out, ' ');
    fsbb_json_number_text(out, "nan");
    g_string_append_c(out, ' ');
    fsbb_json_number_text(out, "\"0\"");
    CU_ASSERT_STRING_EQUAL(out->str, "0.15 1e-05 null null");
    g_string_free(out, TRUE);
}

static void test_objects(void)
{
    GString *out = g_string_new(NULL);
    fsbb_json_object object;
    fsbb_json_object_begin(&object, out);
    fsbb_json_object_end(&object);
    g_string_append_c(out, ' ');
    fsbb_json_object_begin(&object, out);
    fsbb_json_member(&object, "a");
    fsbb_json_integer(out, 1);
    fsbb_json_member(&object, "k\"ey\n");
    fsbb_json_null(out);
    fsbb_json_object_end(&object);
    CU_ASSERT_STRING_EQUAL(out->str, "{} {\"a\": 1, \"k\\\"ey\\n\": null}");
    g_string_free(out, TRUE);
}

FSBB_SUITE("json",
           {"strings: UTF-8, quotes, backslashes, control characters", test_strings},
           {"invalid UTF-8 becomes U+FFFD", test_invalid_utf8},
           {"random bytes give valid JSON strings", test_random_bytes_give_valid_strings},
           {"numbers, booleans and null", test_numbers},
           {"JSON's number grammar", test_number_grammar},
           {"a number option's text as a number", test_number_text},
           {"objects", test_objects})
