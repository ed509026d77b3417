/* node_buffer.c — open nodes in one growing block (node_buffer.h). */
#include "node_buffer.h"

#include <stdlib.h>
#include <string.h>

void fsbb_node_buffer_init(fsbb_node_buffer *buffer, size_t node_size)
{
    memset(buffer, 0, sizeof *buffer);
    buffer->node_size = node_size;
}

void fsbb_node_buffer_free(fsbb_node_buffer *buffer)
{
    free(buffer->nodes);
    buffer->nodes = NULL;
    buffer->count = buffer->capacity = 0;
}

int fsbb_node_buffer_reserve(fsbb_node_buffer *buffer, size_t count)
{
    if (count <= buffer->capacity)
        return 0;
    size_t capacity = buffer->capacity ? buffer->capacity : 64;
    while (capacity < count)
        capacity *= 2;
    unsigned char *bigger = realloc(buffer->nodes, capacity * buffer->node_size);
    if (!bigger)
        return -1;
    buffer->nodes = bigger;
    buffer->capacity = capacity;
    return 0;
}

int fsbb_node_buffer_append(fsbb_node_buffer *buffer, const unsigned char *nodes, size_t count, size_t stride)
{
    if (count == 0)
        return 0;
    if (fsbb_node_buffer_reserve(buffer, buffer->count + count) != 0)
        return -1;
    const size_t copied = stride < buffer->node_size ? stride : buffer->node_size;
    for (size_t i = 0; i < count; i++) {
        unsigned char *to = buffer->nodes + (buffer->count + i) * buffer->node_size;
        memcpy(to, nodes + i * stride, copied);
        memset(to + copied, 0, buffer->node_size - copied);
    }
    buffer->count += count;
    return 0;
}

int fsbb_node_buffer_move(fsbb_node_buffer *to, fsbb_node_buffer *from)
{
    if (to->count == 0) {
        fsbb_node_buffer spare = *to;
        *to = *from;
        *from = spare;
        from->count = 0;
        return 0;
    }
    if (fsbb_node_buffer_append(to, from->nodes, from->count, from->node_size) != 0)
        return -1;
    from->count = 0;
    return 0;
}
