/* Host tests of the settings store in EEPROM (firmware/storage/settings.c),
 * over the fake EEPROM (tests/fake_eeprom.c): defaults, round trips with
 * no needless writes, power cuts mid-save. */
#include "helpers.h"

#include "fake_eeprom.h"
#include "hal.h"
#include "storage/eeprom_map.h"
#include "storage/nv_record.h"
#include "storage/settings.h"

static void test_settings_defaults_on_erased_or_corrupt(void **state)
{
    (void)state;
    settings_t s;
    erase();
    assert_false(settings_load(&s));
    assert_int_equal(s.rules, RULES_CLASSIC);
    for (unsigned i = 0; i < NV_RECORD_SLOTS * EE_SETTINGS_SLOT; i++)
        eeprom[i] = (uint8_t)(i * 37u + 11u); /* garbage */
    assert_false(settings_load(&s));
    assert_int_equal(s.level, 2);
    assert_int_equal(s.mode, SETTINGS_MODE_VS_CONSOLE);
}

static void test_settings_round_trip_and_no_needless_writes(void **state)
{
    (void)state;
    settings_t s, back;
    erase();
    settings_defaults(&s);
    s.rules = RULES_JASIR;
    s.level = 5;
    settings_save(&s);
    assert_true(settings_load(&back));
    assert_memory_equal(&s, &back, sizeof s);
    const unsigned before = bytes_written;
    settings_save(&s);
    assert_int_equal(bytes_written, before); /* unchanged: nothing written */
    for (int i = 0; i < 600; i++) { /* sequence numbers wrap around */
        s.rules = (uint8_t)(i % RULES_SET_COUNT);
        settings_save(&s);
        assert_true(settings_load(&back));
        assert_int_equal(back.rules, s.rules);
    }
}

static void test_settings_survive_power_cut_mid_save(void **state)
{
    (void)state;
    settings_t s, back;
    erase();
    settings_defaults(&s);
    s.rules = RULES_LUDOS;
    settings_save(&s);
    s.rules = RULES_BRAINKING;
    settings_save(&s);
    for (int cut = 0; cut < (int)EE_SETTINGS_SLOT; cut++) {
        uint8_t saved[HAL_NV_SIZE];
        memcpy(saved, eeprom, sizeof eeprom);
        s.rules = RULES_JASIR;
        writes_left = cut; /* the power fails after `cut` bytes */
        settings_save(&s);
        writes_left = -1;
        assert_true(settings_load(&back));
        /* either the old settings or, if the last byte made it, the new */
        assert_true(back.rules == RULES_BRAINKING || back.rules == RULES_JASIR);
        memcpy(eeprom, saved, sizeof eeprom);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_settings_defaults_on_erased_or_corrupt),
        cmocka_unit_test(test_settings_round_trip_and_no_needless_writes),
        cmocka_unit_test(test_settings_survive_power_cut_mid_save),
    };
    return cmocka_run_group_tests_name("settings", tests, NULL, NULL);
}
