/* node_buffer.h — open nodes in one growing block: the nodes an engine gives away (the CPU
 * engine's donations, the warm start's hand-over) and those a rank holds outside its
 * engine (distributed/rank_party.h). */
#ifndef FSBB_NODE_BUFFER_H
#define FSBB_NODE_BUFFER_H

#include <stddef.h>

/* Nodes in the fsbb_node layout, node_size bytes apart, in a growing malloc'd block. */
typedef struct fsbb_node_buffer {
    unsigned char *nodes;
    size_t count, capacity, node_size;
} fsbb_node_buffer;

void fsbb_node_buffer_init(fsbb_node_buffer *buffer, size_t node_size);
void fsbb_node_buffer_free(fsbb_node_buffer *buffer);
/* Makes room for count nodes in all (capacity doubles); -1 when memory runs out (buffer
 * unchanged). */
int fsbb_node_buffer_reserve(fsbb_node_buffer *buffer, size_t count);
/* Appends count nodes, stride bytes apart (a shorter stride's missing bytes are zero); -1
 * when memory runs out (buffer unchanged). */
int fsbb_node_buffer_append(fsbb_node_buffer *buffer, const unsigned char *nodes, size_t count, size_t stride);
/* Moves every node of from to the end of to; -1 when memory runs out (both unchanged). */
int fsbb_node_buffer_move(fsbb_node_buffer *to, fsbb_node_buffer *from);

#endif
