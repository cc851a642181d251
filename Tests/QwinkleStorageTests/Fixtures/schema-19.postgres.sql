--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)


--
-- Name: __SCHEMA__; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA __SCHEMA__;


--
-- Name: account_stats_account(); Type: FUNCTION; Schema: __SCHEMA__; Owner: -
--

CREATE FUNCTION __SCHEMA__.account_stats_account() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO account_stats (account_id) VALUES (NEW.id);
    RETURN NULL;
END $$;


--
-- Name: account_stats_entry(); Type: FUNCTION; Schema: __SCHEMA__; Owner: -
--

CREATE FUNCTION __SCHEMA__.account_stats_entry() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE account_stats SET entries = entries + 1, last_entry_at = NEW.created_at,
        last_entry_id = GREATEST(last_entry_id, NEW.id)
        WHERE account_id = NEW.author_id;
    RETURN NULL;
END $$;


--
-- Name: account_stats_entry_delete(); Type: FUNCTION; Schema: __SCHEMA__; Owner: -
--

CREATE FUNCTION __SCHEMA__.account_stats_entry_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = OLD.id) THEN
        UPDATE account_stats SET entries = entries - 1,
last_entry_at = CASE WHEN last_entry_id = OLD.id
    THEN (SELECT created_at FROM entries WHERE author_id = OLD.author_id AND (entries.visibility IN ('public', 'followers'))
    AND id <> OLD.id AND NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = entries.id)
    ORDER BY id DESC LIMIT 1) ELSE last_entry_at END,
last_entry_id = CASE WHEN last_entry_id = OLD.id
    THEN (SELECT id FROM entries WHERE author_id = OLD.author_id AND (entries.visibility IN ('public', 'followers'))
    AND id <> OLD.id AND NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = entries.id)
    ORDER BY id DESC LIMIT 1) ELSE last_entry_id END WHERE account_id = OLD.author_id;
    END IF;
    RETURN OLD;
END $$;


--
-- Name: account_stats_entry_visibility(); Type: FUNCTION; Schema: __SCHEMA__; Owner: -
--

CREATE FUNCTION __SCHEMA__.account_stats_entry_visibility() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = NEW.id) THEN
        UPDATE account_stats SET entries = entries + CASE WHEN (NEW.visibility IN ('public', 'followers')) THEN 1 ELSE -1 END,
            last_entry_at = (SELECT created_at FROM entries WHERE author_id = NEW.author_id AND (entries.visibility IN ('public', 'followers'))
    AND NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = entries.id)
    ORDER BY id DESC LIMIT 1),
            last_entry_id = CASE WHEN (NEW.visibility IN ('public', 'followers')) THEN GREATEST(last_entry_id, NEW.id)
                WHEN last_entry_id = NEW.id THEN (SELECT id FROM entries WHERE author_id = NEW.author_id AND (entries.visibility IN ('public', 'followers'))
    AND NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = entries.id)
    ORDER BY id DESC LIMIT 1)
                ELSE last_entry_id END
            WHERE account_id = NEW.author_id;
    END IF;
    RETURN NULL;
END $$;


--
-- Name: account_stats_follow(); Type: FUNCTION; Schema: __SCHEMA__; Owner: -
--

CREATE FUNCTION __SCHEMA__.account_stats_follow() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    change BIGINT := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
    follower BIGINT := CASE WHEN TG_OP = 'INSERT' THEN NEW.follower_id ELSE OLD.follower_id END;
    followee BIGINT := CASE WHEN TG_OP = 'INSERT' THEN NEW.followee_id ELSE OLD.followee_id END;
    account BIGINT;
BEGIN
    FOREACH account IN ARRAY ARRAY[least(follower, followee), greatest(follower, followee)] LOOP
        UPDATE account_stats SET
            followers = followers + CASE WHEN account = followee THEN change ELSE 0 END,
            following = following + CASE WHEN account = follower THEN change ELSE 0 END
            WHERE account_id = account;
    END LOOP;
    RETURN NULL;
END $$;


--
-- Name: account_stats_trash(); Type: FUNCTION; Schema: __SCHEMA__; Owner: -
--

CREATE FUNCTION __SCHEMA__.account_stats_trash() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE account_stats
        SET entries = entries + CASE WHEN TG_OP = 'INSERT' THEN -1 ELSE 1 END,
            last_entry_at = (SELECT created_at FROM entries WHERE author_id = account_stats.account_id AND (entries.visibility IN ('public', 'followers'))
    AND NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = entries.id)
    ORDER BY id DESC LIMIT 1),
            last_entry_id = CASE WHEN TG_OP = 'DELETE' THEN GREATEST(last_entry_id, OLD.entry_id)
                WHEN last_entry_id = NEW.entry_id THEN (SELECT id FROM entries WHERE author_id = account_stats.account_id AND (entries.visibility IN ('public', 'followers'))
    AND NOT EXISTS (SELECT 1 FROM trashed_entries WHERE entry_id = entries.id)
    ORDER BY id DESC LIMIT 1)
                ELSE last_entry_id END
        WHERE account_id = (SELECT author_id FROM entries
            WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.entry_id ELSE OLD.entry_id END AND (entries.visibility IN ('public', 'followers')));
    RETURN NULL;
END $$;


--
-- Name: delivery_activities_unused(); Type: FUNCTION; Schema: __SCHEMA__; Owner: -
--

CREATE FUNCTION __SCHEMA__.delivery_activities_unused() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM 1 FROM delivery_activities WHERE id = OLD.activity_id FOR UPDATE;
    DELETE FROM delivery_activities
        WHERE id = OLD.activity_id AND NOT EXISTS (SELECT 1 FROM deliveries WHERE activity_id = OLD.activity_id);
    RETURN NULL;
END $$;




--
-- Name: account_stats; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.account_stats (
    account_id bigint NOT NULL,
    followers bigint DEFAULT 0 NOT NULL,
    following bigint DEFAULT 0 NOT NULL,
    entries bigint DEFAULT 0 NOT NULL,
    last_entry_at timestamp with time zone,
    last_entry_id bigint
);


--
-- Name: accounts; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.accounts (
    id bigint NOT NULL,
    username text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    display_name text DEFAULT ''::text NOT NULL,
    bio text DEFAULT ''::text NOT NULL,
    avatar_photo_id bigint,
    favorite_creature text,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT accounts_username_check CHECK ((username = lower(username)))
);


--
-- Name: accounts_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.accounts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.accounts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: actor_keys; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.actor_keys (
    account_id bigint NOT NULL,
    public_key_pem text NOT NULL,
    private_key_pem text NOT NULL
);


--
-- Name: blocked_domains; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.blocked_domains (
    domain text NOT NULL,
    blocked_at timestamp with time zone NOT NULL
);


--
-- Name: conversation_participants; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.conversation_participants (
    conversation_id bigint NOT NULL,
    account_id bigint NOT NULL
);


--
-- Name: conversations; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.conversations (
    id bigint NOT NULL,
    participants_key text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    last_message_at timestamp with time zone NOT NULL
);


--
-- Name: conversations_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.conversations ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.conversations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: deliveries; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.deliveries (
    id bigint NOT NULL,
    inbox text NOT NULL,
    host text NOT NULL,
    signer_id bigint,
    failed_attempts integer DEFAULT 0 NOT NULL,
    due_at timestamp with time zone NOT NULL,
    held_until timestamp with time zone,
    queued_at timestamp with time zone NOT NULL,
    signer_key_id text,
    signer_key_pem text,
    activity_id bigint NOT NULL,
    CONSTRAINT deliveries_check CHECK (((signer_id IS NULL) = ((signer_key_id IS NOT NULL) AND (signer_key_pem IS NOT NULL))))
);


--
-- Name: deliveries_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.deliveries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.deliveries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: delivery_activities; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.delivery_activities (
    id bigint NOT NULL,
    activity text NOT NULL
);


--
-- Name: delivery_activities_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.delivery_activities ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.delivery_activities_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: draft_revisions; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.draft_revisions (
    draft_id bigint NOT NULL,
    revision integer NOT NULL,
    value text NOT NULL
);


--
-- Name: draft_saves; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

CREATE SEQUENCE __SCHEMA__.draft_saves
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: drafts; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.drafts (
    id bigint NOT NULL,
    owner_id bigint NOT NULL,
    revision integer NOT NULL,
    saved bigint DEFAULT nextval('__SCHEMA__.draft_saves'::regclass) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT drafts_revision_check CHECK ((revision >= 1))
);


--
-- Name: drafts_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.drafts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.drafts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: entries; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.entries (
    id bigint NOT NULL,
    author_id bigint NOT NULL,
    kind text NOT NULL,
    body text NOT NULL,
    visibility text NOT NULL,
    revision integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone NOT NULL,
    edited_at timestamp with time zone,
    dream_creature text,
    dream_effects text,
    dream_count integer,
    search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, body)) STORED,
    imported_at timestamp with time zone,
    reply_to bigint,
    reply_to_author bigint,
    reply_root bigint,
    reply_journal bigint,
    mentions text,
    thread_path text COLLATE pg_catalog."C",
    CONSTRAINT entries_check CHECK (((kind = 'dream'::text) = ((dream_creature IS NOT NULL) AND (dream_effects IS NOT NULL) AND (dream_count IS NOT NULL)))),
    CONSTRAINT entries_dream_count_check CHECK (((dream_count >= 1) AND (dream_count <= 10))),
    CONSTRAINT entries_kind_check CHECK ((kind = ANY (ARRAY['update'::text, 'journal'::text, 'dream'::text]))),
    CONSTRAINT entries_revision_check CHECK ((revision >= 1)),
    CONSTRAINT entries_visibility_check CHECK ((visibility = ANY (ARRAY['public'::text, 'followers'::text, 'journal'::text, 'private'::text])))
);


--
-- Name: entries_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.entries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.entries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: entry_photos; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.entry_photos (
    entry_id bigint NOT NULL,
    "position" integer NOT NULL,
    photo_id bigint NOT NULL,
    alt text DEFAULT ''::text NOT NULL,
    CONSTRAINT entry_photos_position_check CHECK ((("position" >= 0) AND ("position" <= 3)))
);


--
-- Name: entry_revisions; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.entry_revisions (
    entry_id bigint NOT NULL,
    revision integer NOT NULL,
    value text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: entry_tags; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.entry_tags (
    tag text NOT NULL COLLATE pg_catalog."C",
    entry_id bigint NOT NULL
);


--
-- Name: follows; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.follows (
    id bigint NOT NULL,
    follower_id bigint NOT NULL,
    followee_id bigint NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT follows_check CHECK ((follower_id <> followee_id))
);


--
-- Name: follows_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.follows ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.follows_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: idempotency_keys; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.idempotency_keys (
    account_id bigint NOT NULL,
    key text NOT NULL,
    entry_id bigint NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: imported_entries; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.imported_entries (
    entry_id bigint NOT NULL,
    author_id bigint NOT NULL,
    origin text NOT NULL,
    source_id text NOT NULL,
    imported_at timestamp with time zone NOT NULL
);


--
-- Name: journal_readers; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.journal_readers (
    owner_id bigint NOT NULL,
    reader_id bigint NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT journal_readers_check CHECK ((owner_id <> reader_id))
);


--
-- Name: marks; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.marks (
    id bigint NOT NULL,
    account_id bigint NOT NULL,
    entry_id bigint NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: marks_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.marks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.marks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: message_photos; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.message_photos (
    message_id bigint NOT NULL,
    "position" integer NOT NULL,
    photo_id bigint NOT NULL
);


--
-- Name: messages; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.messages (
    id bigint NOT NULL,
    conversation_id bigint NOT NULL,
    sender_id bigint,
    body text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: messages_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.messages ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: notification_reads; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.notification_reads (
    account_id bigint NOT NULL,
    read_up_to bigint NOT NULL
);


--
-- Name: notifications; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.notifications (
    id bigint NOT NULL,
    recipient_id bigint NOT NULL,
    kind text NOT NULL,
    actor_id bigint NOT NULL,
    entry_id bigint,
    conversation_id bigint,
    base_revision integer,
    current_revision integer,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT notifications_kind_check CHECK ((kind = ANY (ARRAY['followed'::text, 'journal_shared'::text, 'journal_unshared'::text, 'message'::text, 'marked'::text, 'edit_refused'::text, 'replied'::text, 'mentioned'::text])))
);


--
-- Name: notifications_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.notifications ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.notifications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: oauth_app_tokens; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.oauth_app_tokens (
    token_hash text NOT NULL,
    app_id bigint NOT NULL,
    scopes text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: oauth_apps; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.oauth_apps (
    id bigint NOT NULL,
    client_id text NOT NULL,
    secret_hash text NOT NULL,
    name text NOT NULL,
    website text,
    redirect_uris text NOT NULL,
    scopes text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: oauth_apps_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.oauth_apps ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.oauth_apps_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: oauth_codes; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.oauth_codes (
    code_hash text NOT NULL,
    app_id bigint NOT NULL,
    account_id bigint NOT NULL,
    redirect_uri text NOT NULL,
    scopes text NOT NULL,
    code_challenge text,
    expires_at timestamp with time zone NOT NULL,
    token_hash text
);


--
-- Name: photo_bytes; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.photo_bytes (
    sha256 text NOT NULL,
    bytes bytea NOT NULL,
    CONSTRAINT photo_bytes_sha256_check CHECK ((length(sha256) = 64))
);


--
-- Name: photos; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.photos (
    id bigint NOT NULL,
    uploader_id bigint NOT NULL,
    sha256 text NOT NULL,
    content_type text NOT NULL,
    byte_size integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    CONSTRAINT photos_byte_size_check CHECK ((byte_size > 0)),
    CONSTRAINT photos_sha256_check CHECK ((length(sha256) = 64))
);


--
-- Name: photos_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.photos ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.photos_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: qwinkle_migrations; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.qwinkle_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: rate_limit_windows; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE UNLOGGED TABLE __SCHEMA__.rate_limit_windows (
    key text NOT NULL,
    window_start timestamp with time zone NOT NULL,
    used integer NOT NULL,
    ends_at timestamp with time zone NOT NULL
);


--
-- Name: received_activities; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.received_activities (
    activity_id text NOT NULL,
    received_at timestamp with time zone NOT NULL
);


--
-- Name: remote_accounts; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.remote_accounts (
    account_id bigint NOT NULL,
    actor_url text NOT NULL,
    host text NOT NULL,
    inbox text NOT NULL,
    shared_inbox text,
    profile_url text,
    fetched_at timestamp with time zone NOT NULL
);


--
-- Name: remote_entries; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.remote_entries (
    entry_id bigint NOT NULL,
    object_id text NOT NULL
);


--
-- Name: remote_followers; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.remote_followers (
    account_id bigint NOT NULL,
    actor_url text NOT NULL,
    host text NOT NULL,
    inbox text NOT NULL,
    shared_inbox text,
    follow_activity text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: scheduled_entries; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.scheduled_entries (
    id bigint NOT NULL,
    author_id bigint NOT NULL,
    scheduled_at timestamp with time zone NOT NULL,
    kind text NOT NULL,
    body text NOT NULL,
    visibility text NOT NULL,
    dream_creature text,
    dream_effects text,
    dream_count integer,
    CONSTRAINT scheduled_entries_check CHECK (((kind = 'dream'::text) = ((dream_creature IS NOT NULL) AND (dream_effects IS NOT NULL) AND (dream_count IS NOT NULL)))),
    CONSTRAINT scheduled_entries_dream_count_check CHECK (((dream_count >= 1) AND (dream_count <= 10))),
    CONSTRAINT scheduled_entries_kind_check CHECK ((kind = ANY (ARRAY['update'::text, 'journal'::text, 'dream'::text]))),
    CONSTRAINT scheduled_entries_visibility_check CHECK ((visibility = ANY (ARRAY['public'::text, 'followers'::text, 'journal'::text, 'private'::text])))
);


--
-- Name: scheduled_entries_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.scheduled_entries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.scheduled_entries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: scheduled_entry_photos; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.scheduled_entry_photos (
    scheduled_entry_id bigint NOT NULL,
    "position" integer NOT NULL,
    photo_id bigint NOT NULL,
    alt text DEFAULT ''::text NOT NULL,
    CONSTRAINT scheduled_entry_photos_position_check CHECK ((("position" >= 0) AND ("position" <= 3)))
);


--
-- Name: server_keys; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.server_keys (
    id integer NOT NULL,
    public_key_pem text NOT NULL,
    private_key_pem text NOT NULL,
    CONSTRAINT server_keys_id_check CHECK ((id = 1))
);


--
-- Name: shares; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.shares (
    id bigint NOT NULL,
    sharer_id bigint NOT NULL,
    entry_id bigint NOT NULL,
    activity_id text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: tokens; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.tokens (
    token_hash text NOT NULL,
    account_id bigint NOT NULL,
    created_at timestamp with time zone NOT NULL,
    id bigint NOT NULL,
    client text DEFAULT ''::text NOT NULL,
    last_used_at timestamp with time zone NOT NULL,
    app_id bigint,
    scopes text
);


--
-- Name: tokens_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.tokens ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.tokens_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: trashed_entries; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.trashed_entries (
    id bigint NOT NULL,
    entry_id bigint NOT NULL,
    deleted_at timestamp with time zone NOT NULL
);


--
-- Name: trashed_entries_id_seq; Type: SEQUENCE; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE __SCHEMA__.trashed_entries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME __SCHEMA__.trashed_entries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: unreachable_hosts; Type: TABLE; Schema: __SCHEMA__; Owner: -
--

CREATE TABLE __SCHEMA__.unreachable_hosts (
    host text NOT NULL,
    failing_since timestamp with time zone NOT NULL,
    next_probe_at timestamp with time zone
);


--
-- Data for Name: account_stats; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.account_stats VALUES (2, 0, 0, 0, NULL, NULL);
INSERT INTO __SCHEMA__.account_stats VALUES (1, 0, 0, 2, '2026-11-18 11:07:20.122999+00', 3);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.accounts VALUES (1, 'abe', 'abe@example.com', '$2b$12$hash.of.the.password.of.abe', '', '', NULL, NULL, '2026-11-18 11:06:40.122999+00');
INSERT INTO __SCHEMA__.accounts VALUES (2, 'mary', 'mary@example.com', '$2b$12$hash.of.the.password.of.mary', '', '', NULL, NULL, '2026-11-18 11:06:41.122999+00');


--
-- Data for Name: actor_keys; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: blocked_domains; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: conversation_participants; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: conversations; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: deliveries; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: delivery_activities; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: draft_revisions; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.draft_revisions VALUES (1, 1, '{"body":"Not yet","kind":"update","photos":[],"visibility":"private"}');


--
-- Data for Name: drafts; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.drafts VALUES (1, 1, 1, 1, '2026-11-18 11:07:40.122999+00', '2026-11-18 11:07:40.122999+00');


--
-- Data for Name: entries; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.entries VALUES (1, 1, 'update', 'A red door', 'public', 1, '2026-11-18 11:06:50.122999+00', NULL, NULL, NULL, NULL, DEFAULT, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO __SCHEMA__.entries VALUES (2, 1, 'journal', 'Dear diary, again', 'journal', 2, '2026-11-18 11:07:00.122999+00', '2026-11-18 11:07:10.122999+00', NULL, NULL, NULL, DEFAULT, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO __SCHEMA__.entries VALUES (3, 1, 'dream', 'Unicorns in the rain', 'followers', 1, '2026-11-18 11:07:20.122999+00', NULL, 'unicorn_pink', 'laser_focus,fireflies,rain', 3, DEFAULT, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO __SCHEMA__.entries VALUES (4, 1, 'journal', 'From jrnl', 'private', 1, '2026-11-18 11:06:45.122999+00', NULL, NULL, NULL, NULL, DEFAULT, '2026-11-18 11:07:30.122999+00', NULL, NULL, NULL, NULL, NULL, NULL);


--
-- Data for Name: entry_photos; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.entry_photos VALUES (1, 0, 1, 'The door');


--
-- Data for Name: entry_revisions; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.entry_revisions VALUES (1, 1, '{"author_id":"1","body":"A red door","created_at":"2026-11-18T11:06:50.123Z","id":"1","kind":"update","photos":[{"alt":"The door","id":"1"}],"revision":1,"visibility":"public"}', '2026-11-18 11:06:50.122999+00');
INSERT INTO __SCHEMA__.entry_revisions VALUES (2, 1, '{"author_id":"1","body":"Dear diary","created_at":"2026-11-18T11:07:00.123Z","id":"2","kind":"journal","photos":[],"revision":1,"visibility":"journal"}', '2026-11-18 11:07:00.122999+00');
INSERT INTO __SCHEMA__.entry_revisions VALUES (2, 2, '{"author_id":"1","body":"Dear diary, again","created_at":"2026-11-18T11:07:00.123Z","edited_at":"2026-11-18T11:07:10.123Z","id":"2","kind":"journal","photos":[],"revision":2,"visibility":"journal"}', '2026-11-18 11:07:10.122999+00');
INSERT INTO __SCHEMA__.entry_revisions VALUES (3, 1, '{"author_id":"1","body":"Unicorns in the rain","created_at":"2026-11-18T11:07:20.123Z","dream":{"creature":"unicorn_pink","effects":["laser_focus","fireflies","rain"],"number_of_creatures":3},"id":"3","kind":"dream","photos":[],"revision":1,"visibility":"followers"}', '2026-11-18 11:07:20.122999+00');
INSERT INTO __SCHEMA__.entry_revisions VALUES (4, 1, '{"author_id":"1","body":"From jrnl","created_at":"2026-11-18T11:06:45.123Z","id":"4","kind":"journal","photos":[],"revision":1,"visibility":"private"}', '2026-11-18 11:06:45.122999+00');


--
-- Data for Name: entry_tags; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: follows; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: idempotency_keys; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: imported_entries; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.imported_entries VALUES (4, 1, 'jrnl', '2026-01-01 jrnl', '2026-11-18 11:07:30.122999+00');


--
-- Data for Name: journal_readers; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: marks; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.marks VALUES (1, 1, 4, '2026-11-18 11:07:30.122999+00');


--
-- Data for Name: message_photos; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: messages; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: notification_reads; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: notifications; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: oauth_app_tokens; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: oauth_apps; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: oauth_codes; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: photo_bytes; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: photos; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.photos VALUES (1, 1, 'abababababababababababababababababababababababababababababababab', 'image/png', 1234, '2026-11-18 11:06:42.122999+00', '');


--
-- Data for Name: qwinkle_migrations; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (1, 'accounts, entries, follows, journals, photos, marks, messages, the trash', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (2, 'rate limit counts shared by the servers', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (3, 'sessions to list, and messages that outlive their sender', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (4, 'full-text search of entries', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (5, 'notifications', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (6, 'scheduled entries', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (7, 'drafts', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (8, 'imported entries', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (9, 'replies, mentions and tags', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (10, 'OAuth apps', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (11, 'actor keys', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (12, 'remote followers and deliveries', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (13, 'remote accounts and entries', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (14, 'shares, and deliveries signed by a deleted account''s key', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (15, 'account counts kept by the writes', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (16, 'an activity kept once for all its deliveries', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (17, 'the newest countable entry''s ID kept with the counts', '2026-11-29 08:33:23.737559+00');
INSERT INTO __SCHEMA__.qwinkle_migrations VALUES (18, 'v19: a used authorization code remembers its token', '2026-11-29 08:33:23.737559+00');


--
-- Data for Name: rate_limit_windows; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: received_activities; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: remote_accounts; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: remote_entries; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: remote_followers; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: scheduled_entries; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--

INSERT INTO __SCHEMA__.scheduled_entries VALUES (1, 1, '2026-11-19 14:53:20.122999+00', 'update', 'Later', 'followers', NULL, NULL, NULL);


--
-- Data for Name: scheduled_entry_photos; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: server_keys; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: shares; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: tokens; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: trashed_entries; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Data for Name: unreachable_hosts; Type: TABLE DATA; Schema: __SCHEMA__; Owner: -
--



--
-- Name: accounts_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.accounts_id_seq', 2, true);


--
-- Name: conversations_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.conversations_id_seq', 1, false);


--
-- Name: deliveries_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.deliveries_id_seq', 1, false);


--
-- Name: delivery_activities_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.delivery_activities_id_seq', 1, false);


--
-- Name: draft_saves; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.draft_saves', 1, true);


--
-- Name: drafts_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.drafts_id_seq', 1, true);


--
-- Name: entries_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.entries_id_seq', 4, true);


--
-- Name: follows_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.follows_id_seq', 1, false);


--
-- Name: marks_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.marks_id_seq', 1, true);


--
-- Name: messages_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.messages_id_seq', 1, false);


--
-- Name: notifications_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.notifications_id_seq', 1, false);


--
-- Name: oauth_apps_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.oauth_apps_id_seq', 1, false);


--
-- Name: photos_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.photos_id_seq', 1, true);


--
-- Name: scheduled_entries_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.scheduled_entries_id_seq', 1, true);


--
-- Name: tokens_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.tokens_id_seq', 1, false);


--
-- Name: trashed_entries_id_seq; Type: SEQUENCE SET; Schema: __SCHEMA__; Owner: -
--

SELECT pg_catalog.setval('__SCHEMA__.trashed_entries_id_seq', 1, false);


--
-- Name: account_stats account_stats_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.account_stats
    ADD CONSTRAINT account_stats_pkey PRIMARY KEY (account_id);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: accounts accounts_username_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.accounts
    ADD CONSTRAINT accounts_username_key UNIQUE (username);


--
-- Name: actor_keys actor_keys_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.actor_keys
    ADD CONSTRAINT actor_keys_pkey PRIMARY KEY (account_id);


--
-- Name: blocked_domains blocked_domains_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.blocked_domains
    ADD CONSTRAINT blocked_domains_pkey PRIMARY KEY (domain);


--
-- Name: conversation_participants conversation_participants_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.conversation_participants
    ADD CONSTRAINT conversation_participants_pkey PRIMARY KEY (conversation_id, account_id);


--
-- Name: conversations conversations_participants_key_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.conversations
    ADD CONSTRAINT conversations_participants_key_key UNIQUE (participants_key);


--
-- Name: conversations conversations_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.conversations
    ADD CONSTRAINT conversations_pkey PRIMARY KEY (id);


--
-- Name: deliveries deliveries_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.deliveries
    ADD CONSTRAINT deliveries_pkey PRIMARY KEY (id);


--
-- Name: delivery_activities delivery_activities_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.delivery_activities
    ADD CONSTRAINT delivery_activities_pkey PRIMARY KEY (id);


--
-- Name: draft_revisions draft_revisions_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.draft_revisions
    ADD CONSTRAINT draft_revisions_pkey PRIMARY KEY (draft_id, revision);


--
-- Name: drafts drafts_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.drafts
    ADD CONSTRAINT drafts_pkey PRIMARY KEY (id);


--
-- Name: entries entries_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.entries
    ADD CONSTRAINT entries_pkey PRIMARY KEY (id);


--
-- Name: entry_photos entry_photos_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.entry_photos
    ADD CONSTRAINT entry_photos_pkey PRIMARY KEY (entry_id, "position");


--
-- Name: entry_revisions entry_revisions_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.entry_revisions
    ADD CONSTRAINT entry_revisions_pkey PRIMARY KEY (entry_id, revision);


--
-- Name: entry_tags entry_tags_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.entry_tags
    ADD CONSTRAINT entry_tags_pkey PRIMARY KEY (tag, entry_id);


--
-- Name: follows follows_follower_id_followee_id_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.follows
    ADD CONSTRAINT follows_follower_id_followee_id_key UNIQUE (follower_id, followee_id);


--
-- Name: follows follows_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.follows
    ADD CONSTRAINT follows_pkey PRIMARY KEY (id);


--
-- Name: idempotency_keys idempotency_keys_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (account_id, key);


--
-- Name: imported_entries imported_entries_author_id_origin_source_id_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.imported_entries
    ADD CONSTRAINT imported_entries_author_id_origin_source_id_key UNIQUE (author_id, origin, source_id);


--
-- Name: imported_entries imported_entries_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.imported_entries
    ADD CONSTRAINT imported_entries_pkey PRIMARY KEY (entry_id);


--
-- Name: journal_readers journal_readers_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.journal_readers
    ADD CONSTRAINT journal_readers_pkey PRIMARY KEY (owner_id, reader_id);


--
-- Name: marks marks_account_id_entry_id_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.marks
    ADD CONSTRAINT marks_account_id_entry_id_key UNIQUE (account_id, entry_id);


--
-- Name: marks marks_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.marks
    ADD CONSTRAINT marks_pkey PRIMARY KEY (id);


--
-- Name: message_photos message_photos_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.message_photos
    ADD CONSTRAINT message_photos_pkey PRIMARY KEY (message_id, "position");


--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);


--
-- Name: notification_reads notification_reads_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.notification_reads
    ADD CONSTRAINT notification_reads_pkey PRIMARY KEY (account_id);


--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);


--
-- Name: oauth_app_tokens oauth_app_tokens_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.oauth_app_tokens
    ADD CONSTRAINT oauth_app_tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: oauth_apps oauth_apps_client_id_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.oauth_apps
    ADD CONSTRAINT oauth_apps_client_id_key UNIQUE (client_id);


--
-- Name: oauth_apps oauth_apps_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.oauth_apps
    ADD CONSTRAINT oauth_apps_pkey PRIMARY KEY (id);


--
-- Name: oauth_codes oauth_codes_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.oauth_codes
    ADD CONSTRAINT oauth_codes_pkey PRIMARY KEY (code_hash);


--
-- Name: photo_bytes photo_bytes_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.photo_bytes
    ADD CONSTRAINT photo_bytes_pkey PRIMARY KEY (sha256);


--
-- Name: photos photos_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.photos
    ADD CONSTRAINT photos_pkey PRIMARY KEY (id);


--
-- Name: qwinkle_migrations qwinkle_migrations_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.qwinkle_migrations
    ADD CONSTRAINT qwinkle_migrations_pkey PRIMARY KEY (version);


--
-- Name: rate_limit_windows rate_limit_windows_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.rate_limit_windows
    ADD CONSTRAINT rate_limit_windows_pkey PRIMARY KEY (key);


--
-- Name: received_activities received_activities_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.received_activities
    ADD CONSTRAINT received_activities_pkey PRIMARY KEY (activity_id);


--
-- Name: remote_accounts remote_accounts_actor_url_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.remote_accounts
    ADD CONSTRAINT remote_accounts_actor_url_key UNIQUE (actor_url);


--
-- Name: remote_accounts remote_accounts_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.remote_accounts
    ADD CONSTRAINT remote_accounts_pkey PRIMARY KEY (account_id);


--
-- Name: remote_entries remote_entries_object_id_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.remote_entries
    ADD CONSTRAINT remote_entries_object_id_key UNIQUE (object_id);


--
-- Name: remote_entries remote_entries_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.remote_entries
    ADD CONSTRAINT remote_entries_pkey PRIMARY KEY (entry_id);


--
-- Name: remote_followers remote_followers_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.remote_followers
    ADD CONSTRAINT remote_followers_pkey PRIMARY KEY (account_id, actor_url);


--
-- Name: scheduled_entries scheduled_entries_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.scheduled_entries
    ADD CONSTRAINT scheduled_entries_pkey PRIMARY KEY (id);


--
-- Name: scheduled_entry_photos scheduled_entry_photos_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.scheduled_entry_photos
    ADD CONSTRAINT scheduled_entry_photos_pkey PRIMARY KEY (scheduled_entry_id, "position");


--
-- Name: server_keys server_keys_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.server_keys
    ADD CONSTRAINT server_keys_pkey PRIMARY KEY (id);


--
-- Name: shares shares_activity_id_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.shares
    ADD CONSTRAINT shares_activity_id_key UNIQUE (activity_id);


--
-- Name: shares shares_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.shares
    ADD CONSTRAINT shares_pkey PRIMARY KEY (id);


--
-- Name: shares shares_sharer_id_entry_id_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.shares
    ADD CONSTRAINT shares_sharer_id_entry_id_key UNIQUE (sharer_id, entry_id);


--
-- Name: tokens tokens_id_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.tokens
    ADD CONSTRAINT tokens_id_key UNIQUE (id);


--
-- Name: tokens tokens_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.tokens
    ADD CONSTRAINT tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: trashed_entries trashed_entries_entry_id_key; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.trashed_entries
    ADD CONSTRAINT trashed_entries_entry_id_key UNIQUE (entry_id);


--
-- Name: trashed_entries trashed_entries_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.trashed_entries
    ADD CONSTRAINT trashed_entries_pkey PRIMARY KEY (id);


--
-- Name: unreachable_hosts unreachable_hosts_pkey; Type: CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.unreachable_hosts
    ADD CONSTRAINT unreachable_hosts_pkey PRIMARY KEY (host);


--
-- Name: conversation_participants_by_account; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX conversation_participants_by_account ON __SCHEMA__.conversation_participants USING btree (account_id);


--
-- Name: deliveries_by_activity; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX deliveries_by_activity ON __SCHEMA__.deliveries USING btree (activity_id);


--
-- Name: deliveries_due; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX deliveries_due ON __SCHEMA__.deliveries USING btree (due_at, id);


--
-- Name: deliveries_host; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX deliveries_host ON __SCHEMA__.deliveries USING btree (host);


--
-- Name: drafts_by_owner; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX drafts_by_owner ON __SCHEMA__.drafts USING btree (owner_id, saved);


--
-- Name: entries_by_author; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX entries_by_author ON __SCHEMA__.entries USING btree (author_id, id);


--
-- Name: entries_by_author_visibility; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX entries_by_author_visibility ON __SCHEMA__.entries USING btree (author_id, visibility, id);


--
-- Name: entries_by_parent; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX entries_by_parent ON __SCHEMA__.entries USING btree (reply_to) WHERE (reply_to IS NOT NULL);


--
-- Name: entries_by_root; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX entries_by_root ON __SCHEMA__.entries USING btree (reply_root, id) WHERE (reply_root IS NOT NULL);


--
-- Name: entries_by_search_vector; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX entries_by_search_vector ON __SCHEMA__.entries USING gin (search_vector);


--
-- Name: entries_by_thread; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX entries_by_thread ON __SCHEMA__.entries USING btree (thread_path) WHERE (thread_path IS NOT NULL);


--
-- Name: entries_by_visibility; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX entries_by_visibility ON __SCHEMA__.entries USING btree (visibility, id);


--
-- Name: entry_photos_by_photo; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX entry_photos_by_photo ON __SCHEMA__.entry_photos USING btree (photo_id);


--
-- Name: entry_tags_by_entry; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX entry_tags_by_entry ON __SCHEMA__.entry_tags USING btree (entry_id);


--
-- Name: follows_by_followee; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX follows_by_followee ON __SCHEMA__.follows USING btree (followee_id, id);


--
-- Name: follows_by_follower; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX follows_by_follower ON __SCHEMA__.follows USING btree (follower_id, id);


--
-- Name: idempotency_keys_by_entry; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX idempotency_keys_by_entry ON __SCHEMA__.idempotency_keys USING btree (entry_id);


--
-- Name: journal_readers_by_reader; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX journal_readers_by_reader ON __SCHEMA__.journal_readers USING btree (reader_id);


--
-- Name: marks_by_account; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX marks_by_account ON __SCHEMA__.marks USING btree (account_id, id);


--
-- Name: marks_by_entry; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX marks_by_entry ON __SCHEMA__.marks USING btree (entry_id);


--
-- Name: message_photos_by_photo; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX message_photos_by_photo ON __SCHEMA__.message_photos USING btree (photo_id);


--
-- Name: messages_by_conversation; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX messages_by_conversation ON __SCHEMA__.messages USING btree (conversation_id, id);


--
-- Name: notifications_by_actor; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX notifications_by_actor ON __SCHEMA__.notifications USING btree (actor_id);


--
-- Name: notifications_by_conversation; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX notifications_by_conversation ON __SCHEMA__.notifications USING btree (conversation_id) WHERE (conversation_id IS NOT NULL);


--
-- Name: notifications_by_entry; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX notifications_by_entry ON __SCHEMA__.notifications USING btree (entry_id) WHERE (entry_id IS NOT NULL);


--
-- Name: notifications_by_recipient; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX notifications_by_recipient ON __SCHEMA__.notifications USING btree (recipient_id, id);


--
-- Name: photos_by_hash; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX photos_by_hash ON __SCHEMA__.photos USING btree (sha256);


--
-- Name: rate_limit_windows_by_end; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX rate_limit_windows_by_end ON __SCHEMA__.rate_limit_windows USING btree (ends_at);


--
-- Name: remote_accounts_host; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX remote_accounts_host ON __SCHEMA__.remote_accounts USING btree (host);


--
-- Name: remote_followers_host; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX remote_followers_host ON __SCHEMA__.remote_followers USING btree (host);


--
-- Name: scheduled_entries_by_author; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX scheduled_entries_by_author ON __SCHEMA__.scheduled_entries USING btree (author_id, scheduled_at, id);


--
-- Name: scheduled_entries_by_time; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX scheduled_entries_by_time ON __SCHEMA__.scheduled_entries USING btree (scheduled_at, id);


--
-- Name: scheduled_entry_photos_by_photo; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX scheduled_entry_photos_by_photo ON __SCHEMA__.scheduled_entry_photos USING btree (photo_id);


--
-- Name: shares_by_entry; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX shares_by_entry ON __SCHEMA__.shares USING btree (entry_id);


--
-- Name: shares_by_sharer; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX shares_by_sharer ON __SCHEMA__.shares USING btree (sharer_id, id);


--
-- Name: tokens_by_account; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX tokens_by_account ON __SCHEMA__.tokens USING btree (account_id);


--
-- Name: trashed_entries_by_date; Type: INDEX; Schema: __SCHEMA__; Owner: -
--

CREATE INDEX trashed_entries_by_date ON __SCHEMA__.trashed_entries USING btree (deleted_at);


--
-- Name: accounts account_stats_account; Type: TRIGGER; Schema: __SCHEMA__; Owner: -
--

CREATE TRIGGER account_stats_account AFTER INSERT ON __SCHEMA__.accounts FOR EACH ROW EXECUTE FUNCTION __SCHEMA__.account_stats_account();


--
-- Name: entries account_stats_entry; Type: TRIGGER; Schema: __SCHEMA__; Owner: -
--

CREATE TRIGGER account_stats_entry AFTER INSERT ON __SCHEMA__.entries FOR EACH ROW WHEN ((new.visibility = ANY (ARRAY['public'::text, 'followers'::text]))) EXECUTE FUNCTION __SCHEMA__.account_stats_entry();


--
-- Name: entries account_stats_entry_delete; Type: TRIGGER; Schema: __SCHEMA__; Owner: -
--

CREATE TRIGGER account_stats_entry_delete BEFORE DELETE ON __SCHEMA__.entries FOR EACH ROW WHEN ((old.visibility = ANY (ARRAY['public'::text, 'followers'::text]))) EXECUTE FUNCTION __SCHEMA__.account_stats_entry_delete();


--
-- Name: entries account_stats_entry_visibility; Type: TRIGGER; Schema: __SCHEMA__; Owner: -
--

CREATE TRIGGER account_stats_entry_visibility AFTER UPDATE OF visibility ON __SCHEMA__.entries FOR EACH ROW WHEN (((old.visibility = ANY (ARRAY['public'::text, 'followers'::text])) IS DISTINCT FROM (new.visibility = ANY (ARRAY['public'::text, 'followers'::text])))) EXECUTE FUNCTION __SCHEMA__.account_stats_entry_visibility();


--
-- Name: follows account_stats_follow; Type: TRIGGER; Schema: __SCHEMA__; Owner: -
--

CREATE TRIGGER account_stats_follow AFTER INSERT OR DELETE ON __SCHEMA__.follows FOR EACH ROW EXECUTE FUNCTION __SCHEMA__.account_stats_follow();


--
-- Name: trashed_entries account_stats_trash; Type: TRIGGER; Schema: __SCHEMA__; Owner: -
--

CREATE TRIGGER account_stats_trash AFTER INSERT OR DELETE ON __SCHEMA__.trashed_entries FOR EACH ROW EXECUTE FUNCTION __SCHEMA__.account_stats_trash();


--
-- Name: deliveries delivery_activities_unused; Type: TRIGGER; Schema: __SCHEMA__; Owner: -
--

CREATE TRIGGER delivery_activities_unused AFTER DELETE ON __SCHEMA__.deliveries FOR EACH ROW EXECUTE FUNCTION __SCHEMA__.delivery_activities_unused();


--
-- Name: account_stats account_stats_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.account_stats
    ADD CONSTRAINT account_stats_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: accounts accounts_avatar_photo_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.accounts
    ADD CONSTRAINT accounts_avatar_photo_id_fkey FOREIGN KEY (avatar_photo_id) REFERENCES __SCHEMA__.photos(id);


--
-- Name: actor_keys actor_keys_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.actor_keys
    ADD CONSTRAINT actor_keys_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: conversation_participants conversation_participants_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.conversation_participants
    ADD CONSTRAINT conversation_participants_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: conversation_participants conversation_participants_conversation_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.conversation_participants
    ADD CONSTRAINT conversation_participants_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES __SCHEMA__.conversations(id) ON DELETE CASCADE;


--
-- Name: deliveries deliveries_activity_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.deliveries
    ADD CONSTRAINT deliveries_activity_id_fkey FOREIGN KEY (activity_id) REFERENCES __SCHEMA__.delivery_activities(id);


--
-- Name: deliveries deliveries_signer_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.deliveries
    ADD CONSTRAINT deliveries_signer_id_fkey FOREIGN KEY (signer_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: draft_revisions draft_revisions_draft_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.draft_revisions
    ADD CONSTRAINT draft_revisions_draft_id_fkey FOREIGN KEY (draft_id) REFERENCES __SCHEMA__.drafts(id) ON DELETE CASCADE;


--
-- Name: drafts drafts_owner_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.drafts
    ADD CONSTRAINT drafts_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: entries entries_author_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.entries
    ADD CONSTRAINT entries_author_id_fkey FOREIGN KEY (author_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: entry_photos entry_photos_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.entry_photos
    ADD CONSTRAINT entry_photos_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- Name: entry_photos entry_photos_photo_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.entry_photos
    ADD CONSTRAINT entry_photos_photo_id_fkey FOREIGN KEY (photo_id) REFERENCES __SCHEMA__.photos(id);


--
-- Name: entry_revisions entry_revisions_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.entry_revisions
    ADD CONSTRAINT entry_revisions_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- Name: entry_tags entry_tags_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.entry_tags
    ADD CONSTRAINT entry_tags_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- Name: follows follows_followee_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.follows
    ADD CONSTRAINT follows_followee_id_fkey FOREIGN KEY (followee_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: follows follows_follower_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.follows
    ADD CONSTRAINT follows_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: idempotency_keys idempotency_keys_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.idempotency_keys
    ADD CONSTRAINT idempotency_keys_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: idempotency_keys idempotency_keys_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.idempotency_keys
    ADD CONSTRAINT idempotency_keys_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- Name: imported_entries imported_entries_author_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.imported_entries
    ADD CONSTRAINT imported_entries_author_id_fkey FOREIGN KEY (author_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: imported_entries imported_entries_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.imported_entries
    ADD CONSTRAINT imported_entries_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- Name: journal_readers journal_readers_owner_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.journal_readers
    ADD CONSTRAINT journal_readers_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: journal_readers journal_readers_reader_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.journal_readers
    ADD CONSTRAINT journal_readers_reader_id_fkey FOREIGN KEY (reader_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: marks marks_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.marks
    ADD CONSTRAINT marks_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: marks marks_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.marks
    ADD CONSTRAINT marks_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- Name: message_photos message_photos_message_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.message_photos
    ADD CONSTRAINT message_photos_message_id_fkey FOREIGN KEY (message_id) REFERENCES __SCHEMA__.messages(id) ON DELETE CASCADE;


--
-- Name: message_photos message_photos_photo_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.message_photos
    ADD CONSTRAINT message_photos_photo_id_fkey FOREIGN KEY (photo_id) REFERENCES __SCHEMA__.photos(id);


--
-- Name: messages messages_conversation_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.messages
    ADD CONSTRAINT messages_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES __SCHEMA__.conversations(id) ON DELETE CASCADE;


--
-- Name: messages messages_sender_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.messages
    ADD CONSTRAINT messages_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE SET NULL;


--
-- Name: notification_reads notification_reads_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.notification_reads
    ADD CONSTRAINT notification_reads_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: notifications notifications_actor_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.notifications
    ADD CONSTRAINT notifications_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: notifications notifications_conversation_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.notifications
    ADD CONSTRAINT notifications_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES __SCHEMA__.conversations(id) ON DELETE CASCADE;


--
-- Name: notifications notifications_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.notifications
    ADD CONSTRAINT notifications_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- Name: notifications notifications_recipient_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.notifications
    ADD CONSTRAINT notifications_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: oauth_app_tokens oauth_app_tokens_app_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.oauth_app_tokens
    ADD CONSTRAINT oauth_app_tokens_app_id_fkey FOREIGN KEY (app_id) REFERENCES __SCHEMA__.oauth_apps(id) ON DELETE CASCADE;


--
-- Name: oauth_codes oauth_codes_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.oauth_codes
    ADD CONSTRAINT oauth_codes_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: oauth_codes oauth_codes_app_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.oauth_codes
    ADD CONSTRAINT oauth_codes_app_id_fkey FOREIGN KEY (app_id) REFERENCES __SCHEMA__.oauth_apps(id) ON DELETE CASCADE;


--
-- Name: photos photos_uploader_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.photos
    ADD CONSTRAINT photos_uploader_id_fkey FOREIGN KEY (uploader_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: remote_accounts remote_accounts_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.remote_accounts
    ADD CONSTRAINT remote_accounts_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: remote_entries remote_entries_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.remote_entries
    ADD CONSTRAINT remote_entries_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- Name: remote_followers remote_followers_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.remote_followers
    ADD CONSTRAINT remote_followers_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: scheduled_entries scheduled_entries_author_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.scheduled_entries
    ADD CONSTRAINT scheduled_entries_author_id_fkey FOREIGN KEY (author_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: scheduled_entry_photos scheduled_entry_photos_photo_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.scheduled_entry_photos
    ADD CONSTRAINT scheduled_entry_photos_photo_id_fkey FOREIGN KEY (photo_id) REFERENCES __SCHEMA__.photos(id);


--
-- Name: scheduled_entry_photos scheduled_entry_photos_scheduled_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.scheduled_entry_photos
    ADD CONSTRAINT scheduled_entry_photos_scheduled_entry_id_fkey FOREIGN KEY (scheduled_entry_id) REFERENCES __SCHEMA__.scheduled_entries(id) ON DELETE CASCADE;


--
-- Name: shares shares_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.shares
    ADD CONSTRAINT shares_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- Name: shares shares_sharer_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.shares
    ADD CONSTRAINT shares_sharer_id_fkey FOREIGN KEY (sharer_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: tokens tokens_account_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.tokens
    ADD CONSTRAINT tokens_account_id_fkey FOREIGN KEY (account_id) REFERENCES __SCHEMA__.accounts(id) ON DELETE CASCADE;


--
-- Name: tokens tokens_app_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.tokens
    ADD CONSTRAINT tokens_app_id_fkey FOREIGN KEY (app_id) REFERENCES __SCHEMA__.oauth_apps(id) ON DELETE CASCADE;


--
-- Name: trashed_entries trashed_entries_entry_id_fkey; Type: FK CONSTRAINT; Schema: __SCHEMA__; Owner: -
--

ALTER TABLE ONLY __SCHEMA__.trashed_entries
    ADD CONSTRAINT trashed_entries_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES __SCHEMA__.entries(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


