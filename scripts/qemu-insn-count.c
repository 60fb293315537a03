/* A QEMU TCG plugin (user mode) that counts the guest instructions executed
 * and prints the total at exit: "insns: N". Each translated block adds its
 * instruction count to one counter every time it runs (an inline add, no
 * callback). Debian's qemu-user has plugin support but ships no plugins, so
 * `make neon-instructions` builds this one with the host gcc.
 *
 * The few declarations of include/qemu/qemu-plugin.h it needs are written
 * out here (plugin API version 1, QEMU 7.2; they are unchanged up to 8.x),
 * so that no QEMU headers are needed. Single-threaded guests only (the add
 * is not atomic). */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

extern void qemu_plugin_register_vcpu_tb_trans_cb(
    qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
extern size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
extern void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
                                                     enum qemu_plugin_op op,
                                                     void *ptr, uint64_t imm);
extern void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
                                           void (*cb)(qemu_plugin_id_t, void *),
                                           void *userdata);
extern void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static uint64_t insns;

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                             &insns, qemu_plugin_tb_n_insns(tb));
}

static void print_total(qemu_plugin_id_t id, void *userdata) {
    (void)id;
    (void)userdata;
    char line[64];
    snprintf(line, sizeof line, "insns: %" PRIu64 "\n", insns);
    qemu_plugin_outs(line);
}

__attribute__((visibility("default"))) int qemu_plugin_install(
    qemu_plugin_id_t id, const void *info, int argc, char **argv) {
    (void)info;
    (void)argc;
    (void)argv;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, print_total, NULL);
    return 0;
}
