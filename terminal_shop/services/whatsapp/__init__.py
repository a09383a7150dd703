"""WhatsApp through Meta's Cloud API: template notifications to numbers that opted in, the
webhook's statuses and replies, a reply with a transfer slip taken as the order's proof."""
